import { INTERVALS, type Interval } from '@pds/market';
import type { HaltCalendar } from './halts';
import type { SimKline } from './kline';
import type { KlineHistory } from './kline-history';
import { type KlineSlot, KlineSlots } from './kline-slots';
import { type KlineWindowRequest, klineWindow } from './kline-window';
import { MINUTE_MS } from './live-tape';

/**
 * The klines that exist, of every interval, where they lie (KlineSlots: the grid, halts, off-grid
 * stretches) with what they hold (KlineHistory): the REST window, the kline open now, the one that
 * closes at a boundary, the one a halt cuts.
 */
export class KlineBook {
  private readonly slots: ReadonlyMap<Interval, KlineSlots>;

  constructor(
    private readonly history: KlineHistory,
    calendar: HaltCalendar,
  ) {
    this.slots = new Map(INTERVALS.map((interval) => [interval, new KlineSlots(interval, calendar)]));
  }

  /** Binance's klines window at `now`: see klineWindow for the rules. */
  window(interval: Interval, request: KlineWindowRequest, now: number): SimKline[] {
    const slots = this.slotsIn(interval, request, now);
    this.prefetch(slots);
    return slots.map((slot) => this.history.kline(interval, slot)).filter((kline) => kline !== undefined);
  }

  slotsIn(interval: Interval, request: KlineWindowRequest, now: number): KlineSlot[] {
    return klineWindow(this.slotsOf(interval), request, this.history.firstOpenTime(interval), now);
  }

  /** Walks the synthetic hours under `slots` into the history's memo. */
  prefetch(slots: readonly KlineSlot[]): void {
    const first = slots[0];
    const last = slots.at(-1);
    if (first && last) this.history.prefetch(first.firstMinute, last.endMinute);
  }

  /** The kline that opened last at or before `time`, whether it has ended or not. */
  latest(interval: Interval, time: number): SimKline | undefined {
    const [slot] = this.slotsIn(interval, { endTime: time, limit: 1 }, time);
    return slot && this.history.kline(interval, slot);
  }

  /** The kline still open at `now`: none during a halt. */
  open(interval: Interval, now: number): SimKline | undefined {
    const kline = this.latest(interval, now);
    return kline && kline.closeTime >= now ? kline : undefined;
  }

  /** The kline whose interval ends at `boundary` (not one a halt cut earlier: that one closed then). */
  closingAt(interval: Interval, boundary: number): SimKline | undefined {
    const [slot] = this.slotsIn(interval, { endTime: boundary - 1, limit: 1 }, boundary - 1);
    if (!slot || slot.endMinute * MINUTE_MS !== boundary || slot.closeTime < boundary - 1) return undefined;
    return this.history.kline(interval, slot);
  }

  private slotsOf(interval: Interval): KlineSlots {
    const slots = this.slots.get(interval);
    if (!slots) throw new RangeError(`no slots for ${interval}`);
    return slots;
  }
}
