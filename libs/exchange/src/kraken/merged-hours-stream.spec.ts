import type { Kline } from '@pds/market';
import type { StreamKline } from '../live-stream';
import { MergedHours } from './merged-hours-stream';

const HOUR = 3_600_000;
const DAY = Date.parse('2024-03-01T00:00:00Z');

function hourPush(h: number, close: string, isClosed = false): StreamKline {
  const openTime = DAY + h * HOUR;
  const kline: Kline = {
    openTime: new Date(openTime).toISOString(),
    closeTime: new Date(openTime + HOUR - 1).toISOString(),
    open: '100',
    high: close,
    low: '100',
    close,
    volume: '1',
    trades: 1,
    isClosed,
  };
  return {
    interval: '1h',
    eventTime: openTime + 1000,
    openTime,
    firstTradeId: -1,
    lastTradeId: 7 + h,
    kline,
  };
}

describe('MergedHours', () => {
  it('makes no merged push before the seed, then whole-window pushes', () => {
    const merged = new MergedHours();
    expect(merged.onHour(hourPush(4, '101'))).toEqual([]);
    merged.seed([hourPush(0, '150', true).kline]);
    const pushes = merged.onHour(hourPush(4, '102'));
    expect(
      pushes.map((p) => [
        p.interval,
        p.kline.openTime,
        p.kline.high,
        p.kline.trades,
        p.kline.isClosed,
        p.lastTradeId,
      ]),
    ).toEqual([
      ['6h', '2024-03-01T00:00:00.000Z', '150', 2, false, 11],
      ['12h', '2024-03-01T00:00:00.000Z', '150', 2, false, 11],
    ]);
  });

  it('closes the previous window when an hour of the next one arrives', () => {
    const merged = new MergedHours();
    merged.seed([]);
    merged.onHour(hourPush(5, '101'));
    const pushes = merged.onHour(hourPush(6, '103'));
    expect(pushes.map((p) => [p.interval, p.kline.openTime, p.kline.close, p.kline.isClosed])).toEqual([
      ['6h', '2024-03-01T00:00:00.000Z', '101', true],
      ['6h', '2024-03-01T06:00:00.000Z', '103', false],
      ['12h', '2024-03-01T00:00:00.000Z', '103', false],
    ]);
  });

  it('waits for a new seed after reset', () => {
    const merged = new MergedHours();
    merged.seed([]);
    merged.reset();
    expect(merged.onHour(hourPush(1, '101'))).toEqual([]);
  });
});
