import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { freshnessOf, type Readiness, type ReadinessProbe } from '@pds/observability';
import { checkRedisHealth, readLastEventTime, REDIS_COMMAND, type RedisClient, RedisKeys } from '@pds/redis';
import { CacheEnvironment } from '../cache.environment';

/**
 * A worker is ready when Redis takes writes, is not loading and does not evict: its jobs need nothing else (the exchange's history does not
 * depend on the live feed). The age of the stored live data is reported beside it, not judged:
 * a stalled ingestor must not take the history workers out of service.
 */
@Injectable()
export class CacheReadiness implements ReadinessProbe {
  private readonly probeKey: string;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly env: CacheEnvironment,
  ) {
    this.probeKey = keys.readinessProbe(`cache:${randomUUID()}`);
  }

  async check(): Promise<Readiness> {
    const health = await checkRedisHealth(this.redis, this.probeKey);
    if (!health.ok) {
      return { role: 'worker', redis: 'down', lastEventAgeMs: null, ready: false, reason: health.reason };
    }
    let eventTime: number | undefined;
    try {
      eventTime = await readLastEventTime(this.redis, this.keys, this.env.SYMBOL);
    } catch {
      return {
        role: 'worker',
        redis: 'down',
        lastEventAgeMs: null,
        ready: false,
        reason: 'redis is unreachable',
      };
    }
    const { lastEventAgeMs } = freshnessOf(eventTime, this.env.READY_MAX_TICK_AGE_MS);
    return { role: 'worker', redis: 'ok', lastEventAgeMs, ready: true };
  }
}
