import { Injectable } from '@nestjs/common';
import { freshnessOf, type Readiness, type ReadinessProbe } from '@pds/observability';
import { IngestorEnvironment } from '../ingestor.environment';
import { LeaseService } from '../leadership/lease.service';
import { LeaderWrites } from '../writer/leader-writes.service';
import { MarketWriter } from '../writer/market-writer';

/**
 * Ready means doing its role's job: a leader whose last write carried a fresh exchange event; a
 * standby that could take over now (Redis answers and the stored data is fresh).
 */
@Injectable()
export class IngestorReadiness implements ReadinessProbe {
  constructor(
    private readonly lease: LeaseService,
    private readonly writes: LeaderWrites,
    private readonly writer: MarketWriter,
    private readonly env: IngestorEnvironment,
  ) {}

  async check(): Promise<Readiness> {
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
    if (freshness.fresh) return { role, lastEventAgeMs, ready: true };
    return { role, lastEventAgeMs, ready: false, reason: freshness.staleReason };
  }
}
