import { closeTimeOf, type Kline, toIsoTime } from '@pds/market';
import { backwardCoverage, forwardCoverage } from './page-coverage';

const M = 60_000;
const BASE = Date.parse('2024-01-01T00:00:00.000Z');

function kline(index: number, isClosed = true): Kline {
  const openTime = BASE + index * M;
  return {
    openTime: toIsoTime(openTime),
    closeTime: toIsoTime(closeTimeOf(openTime, '1m')),
    open: '1.00000000',
    high: '1.00000000',
    low: '1.00000000',
    close: '1.00000000',
    volume: '0.00000000',
    trades: 0,
    isClosed,
  };
}

const range = (from: number, to: number): Kline[] =>
  Array.from({ length: to - from + 1 }, (_, offset) => kline(from + offset));

describe('forwardCoverage', () => {
  it('should count a refused row as a row of a full answer, its slot inside the span', () => {
    const klines = range(0, 4).filter((_, index) => index !== 2);
    expect(forwardCoverage(BASE, 5, klines, BASE + 3600 * M, '1m', 5)).toEqual({
      from: BASE,
      to: BASE + 4 * M,
    });
  });

  it('should cover from the start to the last kline of a full answer', () => {
    expect(forwardCoverage(BASE, 5, range(0, 4), BASE + 3600 * M, '1m')).toEqual({
      from: BASE,
      to: BASE + 4 * M,
    });
  });

  it('should cover the slots a full answer jumped over (before the listing, outages)', () => {
    const start = BASE - 500 * M;
    expect(forwardCoverage(start, 3, range(0, 2), BASE + 3600 * M, '1m')).toEqual({
      from: start,
      to: BASE + 2 * M,
    });
  });

  it('should cover up to the last interval closed at the exchange when the answer is short', () => {
    const exchangeTime = BASE + 7 * M + 30_000;
    expect(forwardCoverage(BASE, 1000, [...range(0, 6), kline(7, false)], exchangeTime, '1m')).toEqual({
      from: BASE,
      to: BASE + 6 * M,
    });
  });

  it('should never cover the open kline, even in a full answer', () => {
    expect(forwardCoverage(BASE, 3, [kline(0), kline(1), kline(2, false)], BASE + 2 * M, '1m')).toEqual({
      from: BASE,
      to: BASE + M,
    });
  });

  it('should cover an off-grid kline (after a halt) by the slot it opens in', () => {
    const offGrid = (index: number): Kline => ({
      ...kline(index),
      openTime: toIsoTime(BASE + index * M + 14_789),
    });
    const page = [kline(0), offGrid(5), offGrid(6)];
    expect(forwardCoverage(BASE, 3, page, BASE + 3600 * M, '1m')).toEqual({ from: BASE, to: BASE + 6 * M });
  });

  it('should cover nothing when nothing had closed after the start', () => {
    expect(forwardCoverage(BASE, 10, [kline(0, false)], BASE + 30_000, '1m')).toBeUndefined();
  });
});

describe('backwardCoverage', () => {
  it('should cover from epoch 0 when nothing exists before the end', () => {
    expect(backwardCoverage(BASE, [], '1m')).toEqual({ from: 0, to: BASE });
  });

  it('should cover from the kline it found to the end', () => {
    expect(backwardCoverage(BASE + 10 * M, [kline(3)], '1m')).toEqual({
      from: BASE + 3 * M,
      to: BASE + 10 * M,
    });
  });
});
