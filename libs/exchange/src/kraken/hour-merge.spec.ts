import type { Kline } from '@pds/market';
import { mergeHourKlines, mergeHours } from './hour-merge';

function hour(
  openTime: string,
  open: string,
  high: string,
  low: string,
  close: string,
  volume: string,
  trades: number,
): Kline {
  const closeTime = new Date(Date.parse(openTime) + 3_600_000 - 1).toISOString();
  return { openTime, closeTime, open, high, low, close, volume, trades, isClosed: true };
}

const H = (h: number): string => `2024-03-01T${String(h).padStart(2, '0')}:00:00.000Z`;

describe('merging 1h klines into 6h and 12h', () => {
  const hours = [
    hour(H(0), '61000.1', '61500.0', '60900.5', '61200.2', '1.10000000', 10),
    hour(H(1), '61200.2', '61800.9', '61100.0', '61750.0', '0.20000001', 3),
    // 02:00 has no trades, so Kraken has no kline for it.
    hour(H(3), '61750.0', '61760.0', '60001.1', '60100.0', '2.5', 7),
    hour(H(5), '60100.0', '60200.0', '60050.0', '60150.3', '0.00000009', 1),
    hour(H(6), '60150.3', '60400.0', '60100.0', '60300.0', '1', 2),
  ];

  it('takes the open of the first, the close of the last, the extremes and exact sums', () => {
    expect(mergeHours('6h', hours.slice(0, 4), true)).toEqual({
      openTime: '2024-03-01T00:00:00.000Z',
      closeTime: '2024-03-01T05:59:59.999Z',
      open: '61000.1',
      high: '61800.9',
      low: '60001.1',
      close: '60150.3',
      volume: '3.80000010',
      trades: 21,
      isClosed: true,
    });
  });

  it('groups by UTC window and closes a window once a later hour has begun', () => {
    const sixHours = mergeHourKlines('6h', hours);
    expect(sixHours.map((k) => [k.openTime, k.close, k.trades, k.isClosed])).toEqual([
      ['2024-03-01T00:00:00.000Z', '60150.3', 21, true],
      ['2024-03-01T06:00:00.000Z', '60300.0', 2, false],
    ]);
    const twelveHours = mergeHourKlines('12h', hours);
    expect(twelveHours).toEqual([
      expect.objectContaining({
        openTime: '2024-03-01T00:00:00.000Z',
        closeTime: '2024-03-01T11:59:59.999Z',
        close: '60300.0',
        volume: '4.80000010',
        trades: 23,
        isClosed: false,
      }),
    ]);
  });

  it('drops a window whose first hours lie before what the exchange answered', () => {
    expect(mergeHourKlines('6h', hours, Date.parse(H(1))).map((k) => k.openTime)).toEqual([
      '2024-03-01T06:00:00.000Z',
    ]);
  });
});
