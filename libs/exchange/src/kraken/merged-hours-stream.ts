import { fromIsoTime, type Kline, openTimeOf } from '@pds/market';
import type { StreamKline } from '../live-stream';
import { type MergedInterval, mergeHours } from './hour-merge';
import { KRAKEN_MERGED_INTERVALS } from './kraken-endpoints';

const TWELVE_HOURS = 12 * 3_600_000;

/**
 * Builds Kraken's missing 6h and 12h pushes from its 1h pushes. A whole-interval value needs every
 * hour of the window since it began, which the live stream alone does not have after connecting, so
 * the hours of the current 12 h come from REST first (`seed`); until then no merged push is made.
 * Live hours replace seeded ones (they are newer).
 */
export class MergedHours {
  private readonly hours = new Map<number, Kline>();
  private seeded = false;
  private readonly lastWindow = new Map<MergedInterval, number>();

  get isSeeded(): boolean {
    return this.seeded;
  }

  seed(hours: readonly Kline[]): void {
    for (const hour of hours) {
      const open = fromIsoTime(hour.openTime);
      if (!this.hours.has(open)) this.hours.set(open, hour);
    }
    this.seeded = true;
  }

  /** Forget the seed (after an interruption the hours in between may be missing). */
  reset(): void {
    this.seeded = false;
  }

  /** The merged pushes one 1h push makes (the previous window closed first, when it changes). */
  onHour(push: StreamKline): StreamKline[] {
    this.hours.set(push.openTime, push.kline);
    this.forgetBefore(openTimeOf(push.openTime, '12h') - TWELVE_HOURS);
    if (!this.seeded) return [];
    return KRAKEN_MERGED_INTERVALS.flatMap((interval) => this.pushesOf(interval, push));
  }

  private pushesOf(interval: MergedInterval, push: StreamKline): StreamKline[] {
    const window = openTimeOf(push.openTime, interval);
    const previous = this.lastWindow.get(interval);
    const out: StreamKline[] = [];
    if (previous !== undefined && previous < window) out.push(this.pushOf(interval, previous, push, true));
    if (previous === undefined || previous <= window) this.lastWindow.set(interval, window);
    out.push(
      this.pushOf(interval, window, push, push.kline.isClosed && previous !== undefined && previous > window),
    );
    return out;
  }

  private pushOf(
    interval: MergedInterval,
    window: number,
    push: StreamKline,
    isClosed: boolean,
  ): StreamKline {
    const end = window + (interval === '6h' ? 6 : 12) * 3_600_000;
    const hours = [...this.hours.entries()]
      .filter(([open]) => open >= window && open < end)
      .sort(([a], [b]) => a - b)
      .map(([, kline]) => kline);
    return {
      interval,
      eventTime: push.eventTime,
      openTime: window,
      firstTradeId: -1,
      lastTradeId: push.lastTradeId,
      kline: mergeHours(interval, hours, isClosed),
    };
  }

  private forgetBefore(time: number): void {
    for (const open of this.hours.keys()) if (open < time) this.hours.delete(open);
  }
}
