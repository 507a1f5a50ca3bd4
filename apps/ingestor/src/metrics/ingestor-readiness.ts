import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { exchangeFreshness, type Readiness, type ReadinessProbe } from '@pds/observability';
import { checkRedisHealth, REDIS_COMMAND, type RedisClient, RedisKeys } from '@pds/redis';
import { IngestorEnvironment } from '../ingestor.environment';
import { LeaseService } from '../leadership/lease.service';
import { MarketSources } from '../sources/market-sources';
import { MarketWriter } from '../writer/market-writer';

/**
 * Ready means this process is healthy (CONTRACT section 8): Redis takes writes, is not loading and
 * does not evict keys, so it can lead now or take over. Neither its role nor the exchanges' freshness
 * counts: a standby is as ready as the leader (the lease in Redis fences leadership), and a quiet
 * market is shared by every replica, so it is reported (`role`, `exchange`) and paged by the alerts.
 */
@Injectable()
export class IngestorReadiness implements ReadinessProbe {
  private readonly probeKey: string;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    keys: RedisKeys,
    private readonly lease: LeaseService,
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
    let stored: number | undefined;
    try {
      stored = await this.writer.lastEventTime(this.env.SYMBOL);
    } catch {
      return { role, ready: false, redis: 'down', reason: 'redis is unreachable' };
    }
    const { source, exchanges } = this.sources.status(Date.now());
    return { role, ready: true, redis: 'ok', exchange: exchangeFreshness(source, stored), exchanges };
  }
}
