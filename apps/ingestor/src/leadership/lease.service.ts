import { Inject, Injectable } from '@nestjs/common';
import { AppLogger } from '@pds/observability';
import { REDIS_COMMAND, type RedisClient, RedisKeys, RedisScripts } from '@pds/redis';
import { IngestorEnvironment } from '../ingestor.environment';
import { RELEASE_LEASE_SCRIPT, RENEW_LEASE_SCRIPT } from './leader-lease.lua';

export type Role = 'leader' | 'standby';

/**
 * Leadership by a Redis lease: `SET lease <id> NX PX ttl` to take it, a compare-and-pexpire script
 * to renew it, compare-and-delete to give it up. Standbys poll to take it. The lease only says who
 * should write: every write is fenced by the lease inside its own script, so a leader that lost the
 * lease without noticing (paused process, partition) still cannot write.
 */
@Injectable()
export class LeaseService {
  private role: Role | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private lastRenewal = 0;
  private lastError: string | undefined;
  private readonly renewLease;
  private readonly releaseLease;
  private readonly roleListeners = new Set<(role: Role) => void>();

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    scripts: RedisScripts,
    private readonly keys: RedisKeys,
    private readonly env: IngestorEnvironment,
    private readonly logger: AppLogger,
  ) {
    this.renewLease = scripts.bind(RENEW_LEASE_SCRIPT);
    this.releaseLease = scripts.bind(RELEASE_LEASE_SCRIPT);
  }

  get isLeader(): boolean {
    return this.role === 'leader';
  }

  get ownerId(): string {
    return this.env.INGESTOR_ID;
  }

  onRoleChange(listener: (role: Role) => void): void {
    this.roleListeners.add(listener);
  }

  start(): void {
    this.running = true;
    void this.tick();
  }

  /** A write was refused by the fence: someone else holds the lease. */
  stepDown(reason: string): void {
    if (this.role === 'leader') this.become('standby', reason);
  }

  /** Stops competing and gives the lease up at once, so a standby takes over within its poll interval. */
  async release(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    const wasLeader = this.role === 'leader';
    this.role = 'standby';
    if (!wasLeader) return;
    try {
      await this.releaseLease([this.lease], this.ownerId);
      this.logger.info({ ingestorId: this.ownerId }, 'lease-released');
    } catch (error) {
      this.logger.warn({ error: String(error) }, 'lease-release-failed');
    }
  }

  private get lease(): string {
    return this.keys.ingestorLease(this.env.SYMBOL);
  }

  private async tick(): Promise<void> {
    if (!this.running) return;
    try {
      if (this.redis.status !== 'ready') this.whileDisconnected();
      else if (this.role === 'leader') await this.renew();
      else await this.tryAcquire();
      this.lastError = undefined;
    } catch (error) {
      this.onRedisError(error);
    }
    this.scheduleTick();
  }

  private scheduleTick(): void {
    if (!this.running) return; // released while the tick was waiting for Redis
    const delay = this.role === 'leader' ? this.env.LEASE_RENEW_MS : this.env.LEASE_POLL_MS;
    this.timer = setTimeout(() => {
      void this.tick();
    }, delay);
  }

  private async tryAcquire(): Promise<void> {
    const acquired = await this.redis.set(this.lease, this.ownerId, 'PX', this.env.LEASE_TTL_MS, 'NX');
    if (acquired === 'OK') {
      this.lastRenewal = Date.now();
      this.become('leader', 'acquired');
    } else if (this.role === undefined) {
      this.become('standby', 'lease-held');
    }
  }

  private async renew(): Promise<void> {
    const renewed = await this.renewLease([this.lease], this.ownerId, this.env.LEASE_TTL_MS);
    if (renewed === 1) this.lastRenewal = Date.now();
    else this.become('standby', 'lease-lost');
  }

  private onRedisError(error: unknown): void {
    const message = String(error);
    if (message !== this.lastError) this.logger.warn({ error: message }, 'lease-redis-error');
    this.lastError = message;
    this.whileDisconnected();
  }

  /** Unrenewed past its TTL the lease may be someone else's: stop acting as leader. */
  private whileDisconnected(): void {
    if (this.role === 'leader' && Date.now() - this.lastRenewal >= this.env.LEASE_TTL_MS) {
      this.become('standby', 'lease-expired');
    }
  }

  private become(role: Role, reason: string): void {
    if (this.role === role) return;
    this.role = role;
    this.logger.info({ ingestorId: this.ownerId, reason }, role);
    for (const listener of this.roleListeners) listener(role);
  }
}
