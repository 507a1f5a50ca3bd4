import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { JsonLogger } from '@pds/observability';
import { RedisKeys, type RedisClient } from '@pds/redis';
import type { ApiKeyPrincipal } from '../auth/api-key-principal';
import { ApiException } from '../errors/api-exception';
import { GatewayEnvironment } from '../gateway.environment';
import { fromStorage } from '../storage/storage-unavailable.error';
import { REDIS } from '../storage/storage.module';
import { type Lease, LeaseBook, renewIntervalMs } from './lease-book';
import { ACQUIRE_LEASE, RENEW_LEASES } from './lease-scripts';
import type { StreamRoute } from './stream-route';

/** After a failed renewal (Redis away) try again this soon, not a whole interval later. */
const RETRY_AFTER_FAILURE_MS = 1000;

/**
 * Concurrent WebSocket connections per key and operation, counted in Redis across every replica
 * (CONTRACT section 5). Each connection holds an expiring lease; this replica renews all of its
 * leases together (one pipeline per tick) and releases a lease when its connection closes, so the
 * slots of a replica that died without closing free themselves within one lease lifetime.
 */
@Injectable()
export class ConnectionLeases implements OnModuleInit, OnModuleDestroy {
  private readonly book = new LeaseBook();
  private readonly ttlMs: number;
  private timer: NodeJS.Timeout | undefined;
  private lostListener: (lease: Lease) => void = () => undefined;
  private failing = false;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly logger: JsonLogger,
    env: GatewayEnvironment,
  ) {
    this.ttlMs = env.WS_LEASE_TTL_MS;
  }

  onModuleInit(): void {
    this.schedule(renewIntervalMs(this.ttlMs));
  }

  onModuleDestroy(): void {
    this.stop();
  }

  /** Called with each lease that could not be renewed because the limit is taken by others. */
  onLost(listener: (lease: Lease) => void): void {
    this.lostListener = listener;
  }

  /** Takes a slot, or throws 429 RATE_LIMIT_EXCEEDED (503 when Redis does not answer). */
  async acquire(principal: ApiKeyPrincipal, route: StreamRoute, connectionId: string): Promise<Lease> {
    const lease: Lease = {
      key: this.keys.wsConnections(principal.id, route.operation),
      member: connectionId,
      limit: principal.wsConnections,
    };
    const granted = await fromStorage(
      this.redis.eval(ACQUIRE_LEASE, 1, lease.key, lease.member, lease.limit, this.ttlMs),
    );
    if (granted !== 1) {
      throw ApiException.tooManyRequests(
        `WebSocket connection limit of ${lease.limit} per operation exceeded`,
        1,
      );
    }
    this.book.add(lease);
    return lease;
  }

  /** Gives a slot back; a failure only means the lease expires by itself. */
  async release(lease: Lease): Promise<void> {
    if (!this.book.remove(lease)) return;
    await this.redis.zrem(lease.key, lease.member).catch(() => undefined);
  }

  /**
   * Stops renewing and gives every slot back (shutdown). One command per lease, sent together by
   * auto-pipelining: an explicit pipeline would fail on Redis Cluster, the keys being in many slots.
   */
  async releaseAll(): Promise<void> {
    this.stop();
    const leases = this.book.drain();
    await Promise.allSettled(leases.map((lease) => this.redis.zrem(lease.key, lease.member)));
  }

  /** Renews at once, e.g. when Redis is back (maybe empty after a restart). */
  renewNow(): void {
    this.schedule(0);
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.renew().then((ok) => {
        this.schedule(ok ? renewIntervalMs(this.ttlMs) : RETRY_AFTER_FAILURE_MS);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async renew(): Promise<boolean> {
    const groups = this.book.groups();
    if (groups.length === 0) return true;
    // One script per key set (auto-pipelined), as the sets are in different Cluster slots.
    const results = await Promise.allSettled(
      groups.map((group) =>
        this.redis.eval(RENEW_LEASES, 1, group.key, group.limit, this.ttlMs, ...group.members),
      ),
    );
    const ok = results.every((result) => result.status === 'fulfilled');
    results.forEach((result, index) => {
      if (result.status === 'fulfilled') this.reportLost(groups[index]?.key ?? '', result.value);
    });
    // One line per outage, not one per retry.
    if (!ok && !this.failing) this.logger.event('warn', 'ws-lease-renewal-failed', { sets: groups.length });
    this.failing = !ok;
    return ok;
  }

  private reportLost(key: string, lost: unknown): void {
    if (!Array.isArray(lost)) return;
    for (const member of lost) {
      const lease = typeof member === 'string' ? this.book.find(key, member) : undefined;
      if (lease) this.lostListener(lease);
    }
  }
}
