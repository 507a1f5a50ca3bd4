import { Inject, Injectable } from '@nestjs/common';
import { freshnessOf, type Readiness, type ReadinessProbe } from '@pds/observability';
import { readLastEventTime, type RedisClient } from '@pds/redis';
import { CacheEnvironment } from '../cache.environment';
import { CacheKeys } from '../storage/cache-keys';
import { REDIS } from '../storage/redis.tokens';

/**
 * A worker is ready when Redis answers: its jobs need nothing else (the exchange's history does not
 * depend on the live feed). The age of the stored live data is reported beside it, not judged:
 * a stalled ingestor must not take the history workers out of service.
 */
@Injectable()
export class CacheReadiness implements ReadinessProbe {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly keys: CacheKeys,
    private readonly env: CacheEnvironment,
  ) {}

  async check(): Promise<Readiness> {
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
