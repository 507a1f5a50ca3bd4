import { type Interval, intervalMs } from '@pds/market';
import type { Halt, HaltCalendar } from './halts';
import { MINUTE_MS } from './live-tape';

/** One kline's place in time: its open and close times and the minutes [firstMinute, endMinute) it merges. */
export interface KlineSlot {
  readonly openTime: number;
  readonly closeTime: number;
  readonly firstMinute: number;
  readonly endMinute: number;
}

/** The realignment kline overlaps the first aligned one by this much, as Binance's row does. */
const REALIGN_OVERLAP_MS = 999;

/**
 * Where the klines of one interval lie: on the interval grid, except around a halt, where Binance
 * cuts the kline holding the halt's start and, when trading resumed off the minute grid, opens the
 * following klines at the resume time's offset until a realignment kline that ends just after the
 * first aligned one opens. A slot all of whose minutes are halted has no kline.
 */
export class KlineSlots {
  private readonly length: number;

  constructor(
    interval: Interval,
    private readonly calendar: HaltCalendar,
  ) {
    this.length = intervalMs(interval);
  }

  /** The grid slot opening at `openTime` (the live market is always on the grid). */
  gridSlot(openTime: number): KlineSlot {
    const firstMinute = openTime / MINUTE_MS;
    const cut = this.calendar.halts.find(
      (halt) => halt.from % MINUTE_MS !== 0 && halt.from > openTime && halt.from < openTime + this.length,
    );
    if (cut)
      return { openTime, closeTime: cut.from - 1, firstMinute, endMinute: Math.ceil(cut.from / MINUTE_MS) };
    return {
      openTime,
      closeTime: openTime + this.length - 1,
      firstMinute,
      endMinute: firstMinute + this.length / MINUTE_MS,
    };
  }

  /** Slots with open time in [start, last], ascending: grid ones merged with off-grid stretches. */
  *from(start: number, last: number): Generator<KlineSlot> {
    const offGrid = this.offGridFrom(start, last);
    let next = offGrid.next();
    for (let open = ceilTo(start, this.length); open <= last; open += this.length) {
      if (this.inOffGridStretch(open)) continue;
      const slot = this.gridSlot(open);
      if (this.calendar.allHalted(slot.firstMinute, slot.endMinute)) continue;
      for (; !next.done && next.value.openTime < open; next = offGrid.next()) yield next.value;
      yield slot;
    }
    for (; !next.done; next = offGrid.next()) yield next.value;
  }

  /** The last `limit` slots opening at or before `end` and at or after `first`, ascending. */
  upTo(end: number, limit: number, first: number): KlineSlot[] {
    let span = limit * this.length;
    for (;;) {
      const start = Math.max(first, end - span);
      const slots = [...this.from(start, end)];
      if (slots.length >= limit || start === first) return slots.slice(-limit);
      span *= 2;
    }
  }

  /** True when the grid slot at `open` lies where a halt's off-grid klines replace the grid. */
  private inOffGridStretch(open: number): boolean {
    return this.calendar.halts.some(
      (halt) =>
        halt.realignAt !== undefined && open >= halt.from && open < ceilTo(halt.realignAt, this.length),
    );
  }

  /** The off-grid slots of every halt with open time in [start, last], ascending. */
  private *offGridFrom(start: number, last: number): Generator<KlineSlot> {
    for (const halt of this.calendar.halts) {
      if (halt.realignAt === undefined) continue;
      for (const slot of this.offGrid({ ...halt, realignAt: halt.realignAt }, start)) {
        if (slot.openTime > last) break;
        yield slot;
      }
    }
  }

  private *offGrid(halt: Halt & { realignAt: number }, start: number): Generator<KlineSlot> {
    const skipped = Math.max(0, Math.ceil((start - halt.to) / this.length));
    const alignedOpen = ceilTo(halt.realignAt, this.length);
    for (let open = halt.to + skipped * this.length; open < halt.realignAt; open += this.length) {
      const firstMinute = Math.floor(open / MINUTE_MS);
      const realigns = open + this.length > halt.realignAt;
      yield realigns
        ? {
            openTime: open,
            closeTime: alignedOpen + REALIGN_OVERLAP_MS,
            firstMinute,
            endMinute: alignedOpen / MINUTE_MS,
          }
        : {
            openTime: open,
            closeTime: open + this.length - 1,
            firstMinute,
            endMinute: firstMinute + this.length / MINUTE_MS,
          };
    }
  }
}

export function floorTo(timeMs: number, length: number): number {
  return Math.floor(timeMs / length) * length;
}

export function ceilTo(timeMs: number, length: number): number {
  return Math.ceil(timeMs / length) * length;
}
