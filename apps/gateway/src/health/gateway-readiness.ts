import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { DEFAULT_SYMBOL } from '@pds/market';
import {
  exchangeFreshness,
  type ExchangeFreshness,
  type Readiness,
  type ReadinessProbe,
  readinessGauge,
} from '@pds/observability';
import {
  checkRedisHealth,
  type ExchangeStatus,
  readLastEventTime,
  RedisKeys,
  REDIS_COMMAND,
  type RedisClient,
} from '@pds/redis';
import { Registry } from 'prom-client';
import { ChangeSubscriber } from '../changes/change-subscriber';
import { MarketMirror } from '../market-data/mirror/market-mirror';
import { PriceSource } from '../market-data/source/price-source';

/** The check that failed; the 503's message starts with its name. */
export type ReadinessCheck = 'draining' | 'redis' | 'changeSubscription' | 'mirror';

export type GatewayReadinessAnswer =
  | ({ readonly ready: true; readonly exchange: ExchangeFreshness } & Partial<ExchangeStatus>)
  | {
      readonly ready: false;
      readonly check: ReadinessCheck;
      readonly reason: string;
      readonly retryAfterSeconds: number;
    };

type Failure = Extract<GatewayReadinessAnswer, { ready: false }>;

/**
 * Whether this replica can serve (CONTRACT section 8): not draining, Redis takes writes (is not
 * loading and does not evict keys), its change subscription is up, and its mirror keeps up with Redis.
 * The exchanges' freshness is shared by every replica: it is reported beside, never judged, since a
 * load balancer would drop every replica at once (the alerts page it). `GET /health/ready` answers
 * it and `pds_ready` reports it at each scrape.
 */
@Injectable()
export class GatewayReadiness implements ReadinessProbe, OnModuleDestroy {
  private readonly probeKey: string;
  private draining = false;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly source: PriceSource,
    private readonly changes: ChangeSubscriber,
    private readonly mirror: MarketMirror,
    registry: Registry,
  ) {
    this.probeKey = keys.readinessProbe(`gateway:${randomUUID()}`);
    readinessGauge(registry, () => this.check());
  }

  /**
   * From the shutdown signal on, load balancers stop sending new work while the streams drain. The
   * first hook of Nest's close, run for every module before any drain starts (beforeApplicationShutdown).
   */
  onModuleDestroy(): void {
    this.draining = true;
  }

  async check(): Promise<Readiness & GatewayReadinessAnswer> {
    const failure = await this.failingCheck();
    if (failure) return failure;
    let eventTime: number | undefined;
    try {
      eventTime = await readLastEventTime(this.redis, this.keys, DEFAULT_SYMBOL);
    } catch {
      return fail('redis', 'redis is unreachable');
    }
    const status = this.source.status;
    return { ready: true, exchange: exchangeFreshness(status?.source, eventTime), ...status };
  }

  private async failingCheck(): Promise<Failure | undefined> {
    if (this.draining) return fail('draining', 'draining: the replica is shutting down', 5);
    const redis = await checkRedisHealth(this.redis, this.probeKey);
    if (!redis.ok) return fail('redis', redis.reason);
    if (!this.changes.isLive) return fail('changeSubscription', 'change subscription is reconnecting');
    const behind = this.mirror.behindReason();
    return behind === undefined ? undefined : fail('mirror', `mirror ${behind}`);
  }
}

function fail(check: ReadinessCheck, reason: string, retryAfterSeconds = 1): Failure {
  return { ready: false, check, reason, retryAfterSeconds };
}
