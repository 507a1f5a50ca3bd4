import { klineWindow } from './kline-window';

const MINUTE = 60_000;
// Klines exist from 10:00 (the listing) to 10:59, the one still open.
const span = { length: MINUTE, firstOpenTime: 600 * MINUTE, lastOpenTime: 659 * MINUTE };
const minutes = (openTimes: number[]): number[] => openTimes.map((openTime) => openTime / MINUTE);

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
});
