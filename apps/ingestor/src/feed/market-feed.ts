import { type BeforeApplicationShutdown, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  everyPeriodOfServiceClock,
  type ServiceClockTicks,
  type StreamCounters,
  type StreamInterruption,
} from '@pds/exchange';
import { INTERVALS, intervalMs } from '@pds/market';
import { AppLogger } from '@pds/observability';
import { GapRecorder } from '../gaps/gap-recorder';
import { IngestorEnvironment } from '../ingestor.environment';
import { LeaseService, type Role } from '../leadership/lease.service';
import type { ExchangeSource, SourceListeners } from '../sources/exchange-source';
import { MarketSources } from '../sources/market-sources';
import { LeaderWrites, type WriteStats } from '../writer/leader-writes';
import { Failover } from './failover';
import { StatsReporter } from './stats-reporter';
import { sumCounters } from './sum-counters';

/** How often the failover looks at the feeds besides their disconnections (silence is found so). */
const FAILOVER_CHECK_MS = 1000;
/** Every interval is a multiple of the shortest: each slot ends on one of its ends, checked just after. */
const ROLLOVER_PERIOD_MS = Math.min(...INTERVALS.map(intervalMs));
const ROLLOVER_AFTER_MS = 1;

/** The ingestor's counters: logged as the `stats` line and read by the metrics at each scrape. */
export interface IngestorStats extends WriteStats, Partial<StreamCounters> {
  readonly role: Role;
  readonly source: string;
  readonly tradesSeen: number;
  readonly klinePushesSeen: number;
  readonly lastEventTime: number | undefined;
  readonly gapsDetected: number;
  readonly exchangeSwitches: number;
}

/**
 * The ingestor's loop: each configured exchange's events → its own in-memory market → (leader only,
 * and only the serving exchange's) one atomic Redis step. Standby processes run the same feeds, so
 * a take-over starts warm; the primary and the standbys stay connected, so a switch starts warm too.
 */
@Injectable()
export class MarketFeed implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly reporter: StatsReporter;
  private readonly failover: Failover;
  private ticker: NodeJS.Timeout | undefined;
  private rollovers: ServiceClockTicks | undefined;

  constructor(
    private readonly sources: MarketSources,
    private readonly writes: LeaderWrites,
    private readonly lease: LeaseService,
    private readonly gaps: GapRecorder,
    private readonly env: IngestorEnvironment,
    private readonly logger: AppLogger,
  ) {
    this.reporter = new StatsReporter(logger, env.STATS_LOG_MS, () => ({ ...this.stats() }));
    const rules = {
      returnAfterMs: env.EXCHANGE_RETURN_AFTER_MS,
      minSwitchGapMs: env.EXCHANGE_RETURN_AFTER_MS,
    };
    this.failover = new Failover(sources, rules, writes, lease, gaps, logger);
  }

  stats(): IngestorStats {
    const counts = this.sources.all.map((source) => source.counts);
    return {
      role: this.lease.isLeader ? 'leader' : 'standby',
      source: this.sources.active.name,
      tradesSeen: counts.reduce((sum, count) => sum + count.trades, 0),
      klinePushesSeen: counts.reduce((sum, count) => sum + count.klinePushes, 0),
      lastEventTime: this.sources.active.state.eventTime,
      gapsDetected: this.gaps.gapsDetected,
      exchangeSwitches: this.failover.counts.switches,
      ...sumCounters(this.sources.all.map((source) => source.counters())),
      ...this.writes.stats(),
    };
  }

  onApplicationBootstrap(): void {
    this.lease.onRoleChange((role) => {
      if (role === 'leader') this.writes.takeOver();
      else this.writes.resign();
    });
    const listeners = this.listeners();
    for (const source of this.sources.all) source.open(this.env.SYMBOL, listeners);
    // A slot that ended with no trade or push after it still gives way to the next (followClock).
    this.rollovers = everyPeriodOfServiceClock(ROLLOVER_PERIOD_MS, ROLLOVER_AFTER_MS, () => {
      for (const source of this.sources.all) source.clockPassed(listeners);
    });
    this.ticker = setInterval(() => {
      this.guard(() => {
        this.failover.evaluate();
      });
    }, FAILOVER_CHECK_MS);
    this.lease.start();
    this.reporter.start();
    this.logger.info({ exchanges: this.sources.names, symbol: this.env.SYMBOL }, 'stream-opening');
  }

  /** SIGTERM: give the lease up first (a standby takes over at once), then stop the streams. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.ticker);
    this.rollovers?.stop();
    this.reporter.stop();
    await this.lease.release();
    await Promise.all(this.sources.all.map((source) => source.close()));
    await this.writes.drained();
    this.reporter.report();
  }

  private listeners(): SourceListeners {
    return {
      step: (source, step) => {
        this.guard(() => {
          if (source === this.sources.active) this.writes.submit({ ...step, exchange: source.name });
        });
      },
      interruption: (source, interruption) => {
        this.guard(() => {
          this.onInterruption(source, interruption);
        });
      },
      disconnected: (source, reason, lastEventTime) => {
        this.logger.warn({ exchange: source.name, reason, lastEventTime }, 'stream-disconnected');
        this.guard(() => {
          this.failover.evaluate();
        });
      },
      switched: (source, reason) => {
        this.logger.info({ exchange: source.name, reason }, 'stream-switched');
      },
      refused: (source, { reason, detail, count }) => {
        this.logger.warn({ exchange: source.name, reason, count, detail }, 'frame-refused');
      },
      failed: (source, error) => {
        this.logger.error({ exchange: source.name, error: String(error) }, 'event-failed');
      },
    };
  }

  private onInterruption(source: ExchangeSource, interruption: StreamInterruption): void {
    const { reason, lastEventTime, firstEventTime } = interruption;
    this.logger.info(
      { exchange: source.name, reason, from: lastEventTime, to: firstEventTime },
      'reconnected',
    );
    // Only the writer repairs, and only what the serving primary missed: a standby's own outage left
    // nothing missing in Redis, and what a standby served is repaired when the primary is back.
    // Without an event before it, this process has written nothing yet and its take-over gap covers it.
    const servingPrimary = source === this.sources.active && source === this.sources.primary;
    if (this.lease.isLeader && servingPrimary && lastEventTime !== undefined) {
      void this.gaps.record(lastEventTime, firstEventTime, reason);
    }
  }

  /** Stream listeners must not throw (they run inside the socket's message handler). */
  private guard(handle: () => void): void {
    try {
      handle();
    } catch (error) {
      this.logger.error({ error: String(error) }, 'event-failed');
    }
  }
}
