import { HaltCalendar } from './halts';
import { type KlineSlot, KlineSlots } from './kline-slots';
import { type KlineWindowRequest, klineWindow as windowOf } from './kline-window';

const MINUTE = 60_000;
// Klines exist from 10:00 (the listing) to 10:59, the one still open.
const grid = new KlineSlots('1m', new HaltCalendar([]));
const span = { first: 600 * MINUTE, last: 659 * MINUTE };
const klineWindow = (request: KlineWindowRequest, bounds: typeof span): KlineSlot[] =>
  windowOf(grid, request, bounds.first, bounds.last);
const minutes = (slots: KlineSlot[]): number[] => slots.map((slot) => slot.openTime / MINUTE);

describe('klineWindow (Binance GET /api/v3/klines rules)', () => {
  it('returns the most recent klines, ending with the open one, when no time is sent', () => {
    expect(minutes(klineWindow({ limit: 3 }, span))).toEqual([657, 658, 659]);
    expect(klineWindow({ limit: 500 }, span)).toHaveLength(60);
  });

  it('goes forward from startTime: the first kline opening at or after it', () => {
    expect(minutes(klineWindow({ startTime: 620 * MINUTE, limit: 3 }, span))).toEqual([620, 621, 622]);
    expect(minutes(klineWindow({ startTime: 620 * MINUTE + 1, limit: 2 }, span))).toEqual([621, 622]);
    expect(minutes(klineWindow({ startTime: 658 * MINUTE, limit: 10 }, span))).toEqual([658, 659]);
  });

  it('goes back from endTime alone: the last klines opening at or before it', () => {
    expect(minutes(klineWindow({ endTime: 630 * MINUTE, limit: 3 }, span))).toEqual([628, 629, 630]);
    expect(minutes(klineWindow({ endTime: 630 * MINUTE + 59_999, limit: 2 }, span))).toEqual([629, 630]);
  });

  it('keeps to [startTime, endTime] when both are sent, from startTime on', () => {
    expect(
      minutes(klineWindow({ startTime: 620 * MINUTE, endTime: 623 * MINUTE, limit: 500 }, span)),
    ).toEqual([620, 621, 622, 623]);
    expect(minutes(klineWindow({ startTime: 620 * MINUTE, endTime: 650 * MINUTE, limit: 2 }, span))).toEqual([
      620, 621,
    ]);
    expect(klineWindow({ startTime: 630 * MINUTE, endTime: 620 * MINUTE, limit: 5 }, span)).toEqual([]);
  });

  it('has no klines before the listing or after now', () => {
    expect(minutes(klineWindow({ startTime: 0, limit: 2 }, span))).toEqual([600, 601]);
    expect(klineWindow({ endTime: 599 * MINUTE, limit: 5 }, span)).toEqual([]);
    expect(klineWindow({ startTime: 700 * MINUTE, limit: 5 }, span)).toEqual([]);
    expect(minutes(klineWindow({ endTime: 900 * MINUTE, limit: 1 }, span))).toEqual([659]);
  });

  it('skips a halt and counts across it, in both directions', () => {
    const halted = new KlineSlots('1m', new HaltCalendar([{ from: 610 * MINUTE, to: 640 * MINUTE }]));
    const around = (request: KlineWindowRequest): number[] =>
      minutes(windowOf(halted, request, span.first, span.last));
    expect(around({ startTime: 608 * MINUTE, limit: 4 })).toEqual([608, 609, 640, 641]);
    expect(around({ endTime: 641 * MINUTE, limit: 4 })).toEqual([608, 609, 640, 641]);
    expect(around({ startTime: 615 * MINUTE, endTime: 635 * MINUTE, limit: 10 })).toEqual([]);
  });
});
