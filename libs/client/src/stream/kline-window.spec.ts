import type { Kline } from '../rest/price-operations';
import { KlineWindow } from './kline-window';

const kline = (minute: number, close: string, isClosed = true): Kline => ({
  openTime: new Date(Date.UTC(2026, 10, 22, 1, minute)).toISOString(),
  closeTime: new Date(Date.UTC(2026, 10, 22, 1, minute, 59, 999)).toISOString(),
  open: '1.00000000',
  high: '2.00000000',
  low: '0.50000000',
  close,
  volume: '1.00000000',
  trades: 1,
  isClosed,
});

describe('KlineWindow', () => {
  it('should upsert by openTime and keep the klines ascending', () => {
    const window = new KlineWindow(undefined);
    window.upsert([kline(1, '1'), kline(2, '2', false)]);
    window.upsert([kline(2, '2.5'), kline(3, '3', false)]);
    window.upsert([kline(0, '0')]);
    expect(window.klines.map((k) => [k.close, k.isClosed])).toEqual([
      ['0', true],
      ['1', true],
      ['2.5', true],
      ['3', false],
    ]);
    expect(window.latestOpenTime).toBe(kline(3, '3').openTime);
  });

  it('should keep only the most recent klines when it has a size', () => {
    const window = new KlineWindow(2);
    window.upsert([kline(1, '1'), kline(2, '2'), kline(3, '3')]);
    expect(window.klines.map((k) => k.close)).toEqual(['2', '3']);
  });
});
