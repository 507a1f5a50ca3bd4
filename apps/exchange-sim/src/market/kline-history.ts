import { type Interval, intervalMs } from '@pds/market';
import { type Bar, mergeAll } from './bar';
import type { SimKline } from './kline';
import { floorTo, type KlineSlot } from './kline-slots';
import { type LiveTape, MINUTE_MS } from './live-tape';
import type { SyntheticMarket } from './synthetic-market';

const MINUTES_PER_HOUR = 60;

/**
 * Every kline, of every interval, merged from 1m bars: synthetic before the live tape starts, live
 * after it. Hours whose minutes are all closed are memoised, so a 1d kline is at most 24 merges and
 * 1000 days of history are walked minute by minute only once.
 */
export class KlineHistory {
  private readonly closedHours = new Map<number, Bar | undefined>();

  constructor(
    private readonly synthetic: SyntheticMarket,
    private readonly tape: LiveTape,
    /** The listing minute: klines hold no minute before it. */
    readonly firstMinute: number,
  ) {}

  /** Open time of the first kline of `interval` (the one holding the listing minute). */
  firstOpenTime(interval: Interval): number {
    return floorTo(this.firstMinute * MINUTE_MS, intervalMs(interval));
  }

  /** Open time of the kline of `interval` that holds the open minute: the newest one. */
  lastOpenTime(interval: Interval): number {
    return floorTo(this.tape.openMinute * MINUTE_MS, intervalMs(interval));
  }

  /** The kline of `interval` in `slot`, or undefined when none of its minutes traded or exist yet. */
  kline(interval: Interval, slot: KlineSlot): SimKline | undefined {
    const bar = this.minutesBar(slot.firstMinute, slot.endMinute);
    return bar && { interval, openTime: slot.openTime, closeTime: slot.closeTime, bar };
  }

  /**
   * Memoises, one walk per run of missing hours, the purely synthetic hours of minutes
   * [firstMinute, endMinute): a 1d × 1000 request walks its 1.44 M minutes in one pass instead of
   * restarting the walk 24 000 times.
   */
  prefetch(firstMinute: number, endMinute: number): void {
    if (endMinute - firstMinute < MINUTES_PER_HOUR) return;
    const firstHour = Math.ceil(Math.max(firstMinute, this.firstMinute) / MINUTES_PER_HOUR);
    const endHour = Math.floor(Math.min(endMinute, this.tape.startMinute) / MINUTES_PER_HOUR);
    let runStart: number | undefined;
    for (let hour = firstHour; hour <= endHour; hour += 1) {
      const missing = hour < endHour && !this.closedHours.has(hour);
      if (missing && runStart === undefined) runStart = hour;
      if (missing || runStart === undefined) continue;
      const bars = this.synthetic.rangeBars(runStart * MINUTES_PER_HOUR, MINUTES_PER_HOUR, hour - runStart);
      bars.forEach((bar, offset) => this.closedHours.set((runStart ?? 0) + offset, bar));
      runStart = undefined;
    }
  }

  /** Minutes [from, to): whole hours from the memo, the minutes on either side walked. */
  private minutesBar(from: number, to: number): Bar | undefined {
    const firstHour = Math.ceil(from / MINUTES_PER_HOUR);
    const endHour = Math.floor(to / MINUTES_PER_HOUR);
    if (endHour <= firstHour) return this.rangeBar(from, to);
    const parts: (Bar | undefined)[] = [this.rangeBar(from, firstHour * MINUTES_PER_HOUR)];
    for (let hour = firstHour; hour < endHour; hour += 1) parts.push(this.hourBar(hour));
    parts.push(this.rangeBar(endHour * MINUTES_PER_HOUR, to));
    return mergeAll(parts.filter((bar) => bar !== undefined));
  }

  private hourBar(hour: number): Bar | undefined {
    if (this.closedHours.has(hour)) return this.closedHours.get(hour);
    const firstMinute = hour * MINUTES_PER_HOUR;
    const bar = this.rangeBar(firstMinute, firstMinute + MINUTES_PER_HOUR);
    if (firstMinute + MINUTES_PER_HOUR <= this.tape.openMinute) this.closedHours.set(hour, bar);
    return bar;
  }

  /** The merge of the existing minutes in [from, to): synthetic ones in one walk, then live ones. */
  private rangeBar(from: number, to: number): Bar | undefined {
    const start = Math.max(from, this.firstMinute);
    const end = Math.min(to, this.tape.openMinute + 1);
    if (end <= start) return undefined;
    const liveStart = Math.max(start, this.tape.startMinute);
    const parts: Bar[] = [];
    const synthetic = this.synthetic.rangeBar(start, Math.min(end, this.tape.startMinute));
    if (synthetic) parts.push(synthetic);
    for (let minute = liveStart; minute < end; minute += 1) {
      if (this.synthetic.halts.isHalted(minute)) continue;
      const bar = this.tape.bar(minute);
      if (bar) parts.push(bar);
    }
    return mergeAll(parts);
  }
}
