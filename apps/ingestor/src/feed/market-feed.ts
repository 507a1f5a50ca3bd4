import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { ExchangeAdapter, LiveStream, StreamCounters, StreamInterruption } from '@pds/exchange';
import { AppLogger } from '@pds/observability';
import { GapRecorder } from '../gaps/gap-recorder';
import { IngestorEnvironment } from '../ingestor.environment';
import { LeaseService, type Role } from '../leadership/lease.service';
import { MarketState } from '../market-state/market-state';
import { LeaderWrites, type WriteStats } from '../writer/leader-writes';
import { EXCHANGE_ADAPTER } from './exchange.provider';
import { StatsReporter } from './stats-reporter';

/** The ingestor's counters: logged as the `stats` line and read by the metrics at each scrape. */
export interface IngestorStats extends WriteStats, Partial<StreamCounters> {
  readonly role: Role;
  readonly tradesSeen: number;
  readonly klinePushesSeen: number;
  readonly lastEventTime: number | undefined;
  readonly gapsDetected: number;
}

/**
 * The ingestor's loop: exchange events → in-memory market → (leader only) one atomic Redis step.
 * Standbys run the same stream and state, so a take-over starts warm.
 */
@Injectable()
export class MarketFeed implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private stream: LiveStream | undefined;
  private readonly seen = { trades: 0, klinePushes: 0 };
  private readonly reporter: StatsReporter;

  constructor(
    @Inject(EXCHANGE_ADAPTER) private readonly exchange: ExchangeAdapter,
    private readonly state: MarketState,
    private readonly writes: LeaderWrites,
    private readonly lease: LeaseService,
    private readonly gaps: GapRecorder,
    private readonly env: IngestorEnvironment,
    private readonly logger: AppLogger,
  ) {
    this.reporter = new StatsReporter(logger, env.STATS_LOG_MS, () => ({ ...this.stats() }));
  }

  stats(): IngestorStats {
    return {
      role: this.lease.isLeader ? 'leader' : 'standby',
      tradesSeen: this.seen.trades,
      klinePushesSeen: this.seen.klinePushes,
      lastEventTime: this.state.eventTime,
      gapsDetected: this.gaps.gapsDetected,
      ...this.stream?.counters(),
      ...this.writes.stats(),
    };
  }

  onApplicationBootstrap(): void {
    this.lease.onRoleChange((role) => {
      if (role === 'leader') this.writes.takeOver();
      else this.writes.resign();
    });
    const stream = this.exchange.openLiveStream(this.env.SYMBOL);
    this.stream = stream;
    stream.on('trade', (trade) => {
      this.guard(() => {
        this.seen.trades += 1;
        this.writes.submit(this.state.onTrade(trade));
      });
    });
    stream.on('kline', (push) => {
      this.guard(() => {
        this.seen.klinePushes += 1;
        this.writes.submit(this.state.onKline(push));
      });
    });
    stream.on('interruption', (interruption) => {
      this.guard(() => {
        this.onInterruption(interruption);
      });
    });
    stream.on('disconnected', ({ reason, lastEventTime }) => {
      this.logger.warn({ reason, lastEventTime }, 'stream-disconnected');
    });
    stream.on('switched', ({ reason }) => {
      this.logger.info({ reason }, 'stream-switched');
    });
    this.lease.start();
    this.reporter.start();
    this.logger.info({ exchange: this.exchange.name, symbol: this.env.SYMBOL }, 'stream-opening');
  }

  /** SIGTERM: give the lease up first (a standby takes over at once), then stop the stream. */
  async beforeApplicationShutdown(): Promise<void> {
    this.reporter.stop();
    await this.lease.release();
    await this.stream?.close();
    await this.writes.drained();
    this.reporter.report();
  }

  private onInterruption({ reason, lastEventTime, firstEventTime }: StreamInterruption): void {
    this.logger.info({ reason, from: lastEventTime, to: firstEventTime }, 'reconnected');
    // Only the writer repairs: a standby's own outage left nothing missing in Redis. Without an
    // event before it, this process has written nothing yet and its take-over gap covers the span.
    if (this.lease.isLeader && lastEventTime !== undefined) {
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
