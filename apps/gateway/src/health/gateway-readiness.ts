import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_SYMBOL } from '@pds/market';
import { freshnessOf, type Readiness, type ReadinessProbe, readinessGauge } from '@pds/observability';
import { checkRedisHealth, readLastEventTime, RedisKeys, REDIS_COMMAND, type RedisClient } from '@pds/redis';
import { Registry } from 'prom-client';
import { GatewayEnvironment } from '../gateway.environment';

export type GatewayReadinessAnswer =
  | { readonly ready: true; readonly lastTickAgeMs: number }
  | { readonly ready: false; readonly reason: string; readonly retryAfterSeconds: number };

/**
 * Whether this replica can serve: Redis takes writes, is not loading and does not evict keys, and
 * the last exchange event is recent. `GET /health/ready` answers it, and `pds_ready` reports it at
 * each scrape.
 */
@Injectable()
export class GatewayReadiness implements ReadinessProbe {
  private readonly probeKey: string;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly env: GatewayEnvironment,
    registry: Registry,
  ) {
    this.probeKey = keys.readinessProbe(`gateway:${randomUUID()}`);
    readinessGauge(registry, () => this.check());
  }

  async check(): Promise<Readiness & GatewayReadinessAnswer> {
    const redis = await checkRedisHealth(this.redis, this.probeKey);
    if (!redis.ok) return { ready: false, reason: redis.reason, retryAfterSeconds: 1 };
    let eventTime: number | undefined;
    try {
      eventTime = await readLastEventTime(this.redis, this.keys, DEFAULT_SYMBOL);
    } catch {
      return { ready: false, reason: 'redis is unreachable', retryAfterSeconds: 1 };
    }
    const freshness = freshnessOf(eventTime, this.env.READY_MAX_TICK_AGE_MS);
    if (!freshness.fresh) {
      return { ready: false, reason: `marketData, ${freshness.staleReason}`, retryAfterSeconds: 5 };
    }
    return { ready: true, lastTickAgeMs: freshness.lastEventAgeMs };
  }
}
