import { type Bar, type BookedTrade, emptyBar, withTrade } from './bar';

export const MINUTE_MS = 60_000;

export function minuteOf(timeMs: number): number {
  return Math.floor(timeMs / MINUTE_MS);
}

/**
 * The market since the sim started, kept as 1m bars only (a bar per minute, a few hundred bytes):
 * every longer interval is merged from them. Minutes before `startMinute` belong to the synthetic
 * history; the first live minute opens from the synthetic close before it.
 */
export class LiveTape {
  private readonly closed = new Map<number, Bar>();
  private currentMinute: number;
  private current: Bar;

  constructor(
    readonly startMinute: number,
    openingPriceTicks: number,
  ) {
    this.currentMinute = startMinute;
    this.current = emptyBar(openingPriceTicks);
  }

  /** The minute trades are booked into; every minute before it is closed and immutable. */
  get openMinute(): number {
    return this.currentMinute;
  }

  get lastPriceTicks(): number {
    return this.current.close;
  }

  /**
   * Closes every minute before `minute` (empty ones at the last price) and returns them, oldest first.
   */
  advanceTo(minute: number): number[] {
    const closedNow: number[] = [];
    while (this.currentMinute < minute) {
      this.closed.set(this.currentMinute, this.current);
      closedNow.push(this.currentMinute);
      this.currentMinute += 1;
      this.current = emptyBar(this.current.close);
    }
    return closedNow;
  }

  /** Books a trade of the open minute; the caller advances the tape to the trade's minute first. */
  record(trade: BookedTrade): void {
    if (minuteOf(trade.time) !== this.currentMinute) {
      throw new RangeError(`trade at ${trade.time} is outside the open minute ${this.currentMinute}`);
    }
    this.current = withTrade(this.current, trade);
  }

  /** The bar of a live minute, closed or open; undefined outside [startMinute, openMinute]. */
  bar(minute: number): Bar | undefined {
    if (minute === this.currentMinute) return this.current;
    return this.closed.get(minute);
  }
}
