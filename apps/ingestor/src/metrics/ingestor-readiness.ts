import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { freshnessOf, type Readiness, type ReadinessProbe } from '@pds/observability';
import { checkRedisHealth, REDIS_COMMAND, type RedisClient, RedisKeys } from '@pds/redis';
import { IngestorEnvironment } from '../ingestor.environment';
import { LeaseService } from '../leadership/lease.service';
import { MarketSources } from '../sources/market-sources';
import { LeaderWrites } from '../writer/leader-writes';
import { MarketWriter } from '../writer/market-writer';

/**
 * Ready means doing its role's job: a leader whose last write carried a fresh exchange event; a
 * standby that could take over now (Redis answers and the stored data is fresh). Either needs a
 * Redis that takes writes, is not loading and does not evict keys.
 */
@Injectable()
export class IngestorReadiness implements ReadinessProbe {
  private readonly probeKey: string;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    keys: RedisKeys,
    private readonly lease: LeaseService,
    private readonly writes: LeaderWrites,
    private readonly writer: MarketWriter,
    private readonly env: IngestorEnvironment,
    private readonly sources: MarketSources,
  ) {
    this.probeKey = keys.readinessProbe(`ingestor:${randomUUID()}`);
  }

  async check(): Promise<Readiness> {
    const role = this.lease.isLeader ? 'leader' : 'standby';
    const health = await checkRedisHealth(this.redis, this.probeKey);
    if (!health.ok) return { role, ready: false, redis: 'down', reason: health.reason };
    if (this.lease.isLeader) return this.judge('leader', this.writes.lastWrittenEventTime);
    let stored: number | undefined;
    try {
      stored = await this.writer.lastEventTime(this.env.SYMBOL);
    } catch {
      return { role: 'standby', ready: false, redis: 'down', reason: 'redis is unreachable' };
    }
    return { ...this.judge('standby', stored), redis: 'ok' };
  }

  private judge(role: 'leader' | 'standby', eventTime: number | undefined): Readiness {
    const freshness = freshnessOf(eventTime, this.env.READY_MAX_TICK_AGE_MS);
    const { lastEventAgeMs } = freshness;
    const { source, exchanges } = this.sources.status(Date.now());
    if (freshness.fresh) return { role, lastEventAgeMs, source, exchanges, ready: true };
    return { role, lastEventAgeMs, source, exchanges, ready: false, reason: freshness.staleReason };
  }
}
