import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_SYMBOL } from '@pds/market';
import { freshnessOf, type Readiness, type ReadinessProbe, readinessGauge } from '@pds/observability';
import {
  checkRedisHealth,
  type ExchangeStatus,
  readLastEventTime,
  RedisKeys,
  REDIS_COMMAND,
  type RedisClient,
} from '@pds/redis';
import { Registry } from 'prom-client';
import { GatewayEnvironment } from '../gateway.environment';
import { PriceSource } from '../market-data/source/price-source';

export type GatewayReadinessAnswer =
  | ({ readonly ready: true; readonly lastTickAgeMs: number } & Partial<ExchangeStatus>)
  | { readonly ready: false; readonly reason: string; readonly retryAfterSeconds: number };

/**
 * Whether this replica can serve: Redis takes writes, is not loading and does not evict keys, and
 * the last exchange event is recent. `GET /health/ready` answers it, naming the exchange that serves
 * and each exchange's state (CONTRACT section 11), and `pds_ready` reports it at each scrape.
 */
@Injectable()
export class GatewayReadiness implements ReadinessProbe {
  private readonly probeKey: string;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly env: GatewayEnvironment,
    private readonly source: PriceSource,
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
    const status = this.source.status;
    if (!freshness.fresh) {
      const exchanges = status ? ` (source ${status.source}: ${describeExchanges(status)})` : '';
      return {
        ready: false,
        reason: `marketData, ${freshness.staleReason}${exchanges}`,
        retryAfterSeconds: 5,
      };
    }
    return { ready: true, lastTickAgeMs: freshness.lastEventAgeMs, ...status };
  }
}

function describeExchanges(status: ExchangeStatus): string {
  return Object.entries(status.exchanges)
    .map(([exchange, state]) => `${exchange} ${state}`)
    .join(', ');
}
