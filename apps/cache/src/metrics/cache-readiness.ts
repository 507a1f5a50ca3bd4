import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { exchangeFreshness, type Readiness, type ReadinessProbe } from '@pds/observability';
import { checkRedisHealth, readLastEventTime, REDIS_COMMAND, type RedisClient, RedisKeys } from '@pds/redis';
import { CacheEnvironment } from '../cache.environment';

/**
 * Ready means this process is healthy (CONTRACT section 8): Redis takes writes, is not loading and
 * does not evict keys; its jobs need nothing else (the exchange's history does not depend on the live
 * feed). The age of the stored live data is reported beside it, not judged: a stalled ingestor or a
 * quiet market must not take the history workers out of service.
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
      return { role: 'worker', redis: 'down', ready: false, reason: health.reason };
    }
    let eventTime: number | undefined;
    try {
      eventTime = await readLastEventTime(this.redis, this.keys, this.env.SYMBOL);
    } catch {
      return { role: 'worker', redis: 'down', ready: false, reason: 'redis is unreachable' };
    }
    // The worker knows no serving exchange; the stored event's age is what it can tell.
    const { ageSeconds } = exchangeFreshness(undefined, eventTime);
    return { role: 'worker', redis: 'ok', ready: true, exchange: { ageSeconds } };
  }
}
