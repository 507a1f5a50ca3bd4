import { type BeforeApplicationShutdown, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { everyPeriodOfServiceClock, type ServiceClockTicks, serviceNow } from '@pds/exchange';
import { addDecimals, subtractDecimals } from '@pds/market';
import { AppLogger } from '@pds/observability';
import { IngestorEnvironment } from '../ingestor.environment';
import { LeaseService } from '../leadership/lease.service';
import type { KlineWrite } from '../market-state/write-step';
import { MarketSources } from '../sources/market-sources';
import { SerialQueue } from '../writer/serial-queue';
import { IndexKlines, type IndexTick } from './index-klines';
import { indexRecordJson } from './index-record';
import { type DeviationStanding, indexAt, type IndexSecond, type SourceQuote } from './index-rule';
import { IndexWriter } from './index-writer';

/** Seconds kept in memory: what a take-over replays after the last leader's last second. */
const RECENT_SECONDS = 300;
/** How long after a second starts it is computed: trades stamped in its first milliseconds count. */
const TICK_AFTER_MS = 50;

interface Computed {
  readonly second: IndexSecond;
  readonly tick: IndexTick | undefined;
  readonly record: string;
}

/**
 * The index (docs/index.md), on every ingestor: each second of the UTC grid it is computed from the
 * exchanges this process follows, leader and standbys alike, and the last RECENT_SECONDS are kept.
 * Only the leader builds the klines and writes, one fenced script per second; on taking over it
 * continues the klines the last leader stored from the second after its last one, replaying its own
 * seconds, so a failover loses no second this process computed.
 */
@Injectable()
export class IndexFeed implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly queue = new SerialQueue();
  private readonly recent: Computed[] = [];
  private readonly volumes = new Map<string, string>();
  private standing: DeviationStanding = new Set();
  private nextSecond: number | undefined;
  private klines: IndexKlines | undefined;
  private resend = false;
  /** Closed klines of writes that failed, by interval and openTime: sent again with the next write. */
  private readonly unsent = new Map<string, KlineWrite>();
  private ticks: ServiceClockTicks | undefined;
  private unavailable = 0;

  constructor(
    private readonly sources: MarketSources,
    private readonly lease: LeaseService,
    private readonly writer: IndexWriter,
    private readonly env: IngestorEnvironment,
    private readonly logger: AppLogger,
  ) {}

  /** The newest second computed, for the metrics. */
  get latest(): IndexSecond | undefined {
    return this.recent.at(-1)?.second;
  }

  /** Seconds this process computed without a value. */
  get unavailableSeconds(): number {
    return this.unavailable;
  }

  onApplicationBootstrap(): void {
    this.lease.onRoleChange((role) => {
      if (role === 'leader') this.takeOver();
      else this.resign();
    });
    if (this.lease.isLeader) this.takeOver();
    this.ticks = everyPeriodOfServiceClock(1000, TICK_AFTER_MS, () => {
      try {
        this.computeDue(serviceNow());
      } catch (error) {
        this.logger.error({ error: String(error) }, 'index-failed');
      }
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.ticks?.stop();
    await this.queue.drained();
  }

  /** Every second up to `now` not computed yet (a stalled loop catches up, none skipped). */
  computeDue(now: number): void {
    const last = Math.floor(now / 1000) * 1000;
    let second = Math.max(this.nextSecond ?? last, last - (RECENT_SECONDS - 1) * 1000);
    for (; second <= last; second += 1000) this.compute(second);
    this.nextSecond = second;
  }

  private compute(time: number): void {
    const { second, standing } = indexAt(time, this.quotes(), this.standing);
    this.standing = standing;
    const volume = this.includedVolume(second);
    const tick = second.price === undefined ? undefined : { time, price: second.price, volume };
    if (!tick) this.unavailable += 1;
    const computed = { second, tick, record: indexRecordJson(second) };
    this.recent.push(computed);
    if (this.recent.length > RECENT_SECONDS) this.recent.shift();
    if (this.klines) this.queue.run(() => this.write(computed));
  }

  private quotes(): SourceQuote[] {
    const now = Date.now();
    return this.sources.all.map((source) => {
      const price = source.state.price;
      return {
        exchange: source.name,
        price: price?.price,
        tradeTime: price ? Date.parse(price.time) : undefined,
        live: source.health.isLive(now),
      };
    });
  }

  /** The volume each exchange traded since the last second; the included ones' sum is the second's. */
  private includedVolume(second: IndexSecond): string {
    let sum = '0';
    for (const source of this.sources.all) {
      const total = source.tradedVolume;
      const traded = subtractDecimals(total, this.volumes.get(source.name) ?? total);
      this.volumes.set(source.name, total);
      const included = second.sources.some((part) => part.exchange === source.name && part.included);
      if (included) sum = addDecimals(sum, traded);
    }
    return sum;
  }

  /** Continue the stored klines from the second after the last leader's, with this process's seconds. */
  private takeOver(): void {
    this.queue.run(async () => {
      const klines = new IndexKlines();
      try {
        const stored = await this.writer.stored(this.env.SYMBOL);
        klines.adopt(stored.open, stored.lastSecond);
      } catch (error) {
        this.logger.warn({ error: String(error) }, 'index-takeover-read-failed');
      }
      if (!this.lease.isLeader) return;
      const writes: KlineWrite[] = [];
      for (const { second, tick } of this.recent) writes.push(...klines.second(second.time, tick));
      this.klines = klines;
      const newest = this.recent.at(-1);
      if (!newest) return;
      const opens = klines.snapshot();
      await this.send({ second: newest.second.time, record: newest.record, klines: [...writes, ...opens] });
      this.logger.info({ from: this.recent[0]?.second.time, to: newest.second.time }, 'index-taken-over');
    });
  }

  private resign(): void {
    this.klines = undefined;
    this.unsent.clear();
  }

  private async write({ second, tick, record }: Computed): Promise<void> {
    const klines = this.klines;
    if (!klines) return;
    const writes = klines.second(second.time, tick);
    // After a failure the open klines' newest state and the closed ones not stored go again.
    const all = this.resend
      ? [...this.unsent.values(), ...writes.filter((write) => write.kind !== 'open'), ...klines.snapshot()]
      : writes;
    await this.send({ second: second.time, record, klines: all });
  }

  private async send(write: Parameters<IndexWriter['write']>[2]): Promise<void> {
    try {
      const written = await this.writer.write(this.env.SYMBOL, this.lease.ownerId, write);
      this.resend = false;
      this.unsent.clear();
      if (!written) {
        this.resign();
        this.lease.stepDown('fenced');
      }
    } catch (error) {
      for (const kline of write.klines) {
        if (kline.kind !== 'open') this.unsent.set(`${kline.interval}|${kline.kline.openTime}`, kline);
      }
      if (!this.resend)
        this.logger.warn({ error: String(error), second: write.second }, 'index-write-failed');
      this.resend = true;
    }
  }
}
