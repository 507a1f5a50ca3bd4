import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AppLogger } from '@pds/observability';
import { RedisKeys, RedisScripts } from '@pds/redis';
import type { ApiKeyPrincipal } from '../keys';
import { tooManyConnections } from '../errors/too-many-requests';
import { fromStorage } from '../errors/storage-unavailable.error';
import { GatewayEnvironment } from '../gateway.environment';
import { ACQUIRE_SLOT_SCRIPT, RELEASE_SLOT_SCRIPT, RENEW_SLOTS_SCRIPT } from './connection-slots.lua';
import { renewIntervalMs, type Slot, SlotBook } from './slot-book';
import type { StreamRoute } from './stream-request';

/** After a failed renewal (Redis away) try again this soon, not a whole interval later. */
const RETRY_AFTER_FAILURE_MS = 1000;

/**
 * Concurrent WebSocket connections per key and operation, counted in Redis across every replica
 * (CONTRACT section 5). Each connection holds an expiring slot; this replica renews all of its
 * slots together (one call per key set) and releases a slot when its connection closes, so the
 * slots of a replica that died without closing free themselves within one slot lifetime.
 */
@Injectable()
export class ConnectionSlots implements OnModuleInit, OnModuleDestroy {
  private readonly book = new SlotBook();
  private readonly ttlMs: number;
  private timer: NodeJS.Timeout | undefined;
  private lostListener: (slot: Slot) => void = () => undefined;
  private failing = false;
  private readonly acquireSlot;
  private readonly releaseSlot;
  private readonly renewSlots;

  constructor(
    scripts: RedisScripts,
    private readonly keys: RedisKeys,
    private readonly logger: AppLogger,
    env: GatewayEnvironment,
  ) {
    this.ttlMs = env.WS_LEASE_TTL_MS;
    this.acquireSlot = scripts.bind(ACQUIRE_SLOT_SCRIPT);
    this.releaseSlot = scripts.bind(RELEASE_SLOT_SCRIPT);
    this.renewSlots = scripts.bind(RENEW_SLOTS_SCRIPT);
  }

  onModuleInit(): void {
    this.schedule(renewIntervalMs(this.ttlMs));
  }

  onModuleDestroy(): void {
    this.stop();
  }

  /** Called with each slot that could not be renewed because the limit is taken by others. */
  onLost(listener: (slot: Slot) => void): void {
    this.lostListener = listener;
  }

  /** Takes a slot, or throws 429 RATE_LIMIT_EXCEEDED (503 when Redis does not answer). */
  async acquire(
    principal: Pick<ApiKeyPrincipal, 'id' | 'wsConnections'>,
    route: StreamRoute,
    connectionId: string,
  ): Promise<Slot> {
    const slot: Slot = {
      key: this.keys.wsConnections(principal.id, route.operation),
      member: connectionId,
      limit: principal.wsConnections,
    };
    const granted = await fromStorage(this.acquireSlot([slot.key], slot.member, slot.limit, this.ttlMs));
    if (granted !== 1) {
      throw tooManyConnections(slot.limit);
    }
    this.book.add(slot);
    return slot;
  }

  /** Gives a slot back; a failure only means the slot expires by itself. */
  async release(slot: Slot): Promise<void> {
    if (!this.book.remove(slot)) return;
    await this.giveBack(slot).catch(() => undefined);
  }

  /**
   * Stops renewing and gives every slot back (shutdown). One call per slot: an explicit pipeline
   * would fail on Redis Cluster, the keys being in many slots.
   */
  async releaseAll(): Promise<void> {
    this.stop();
    const slots = this.book.drain();
    await Promise.allSettled(slots.map((slot) => this.giveBack(slot)));
  }

  private giveBack(slot: Slot): Promise<number> {
    return this.releaseSlot([slot.key], slot.member);
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
    // One script per key set, as the sets are in different Cluster slots.
    const results = await Promise.allSettled(
      groups.map((group) => this.renewSlots([group.key], group.limit, this.ttlMs, ...group.members)),
    );
    const ok = results.every((result) => result.status === 'fulfilled');
    results.forEach((result, index) => {
      if (result.status === 'fulfilled') this.reportLost(groups[index]?.key ?? '', result.value);
    });
    // One line per outage, not one per retry.
    if (!ok && !this.failing) this.logger.warn({ sets: groups.length }, 'ws-lease-renewal-failed');
    this.failing = !ok;
    return ok;
  }

  private reportLost(key: string, lost: readonly string[]): void {
    for (const member of lost) {
      const slot = this.book.find(key, member);
      if (slot) this.lostListener(slot);
    }
  }
}
