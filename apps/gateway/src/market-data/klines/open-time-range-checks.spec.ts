import { openTimeOfKlineJson } from '@pds/market';
import { inWindow, isPastRange, UNBOUNDED } from './klines-selection';

const T = Date.parse('2026-11-22T01:02:00.000Z');

describe('inWindow', () => {
  it('should accept everything without bounds', () => {
    expect(inWindow(T, UNBOUNDED)).toBe(true);
  });

  it('should compare inclusively with openTime', () => {
    const range = { from: T, to: T + 60_000 };
    expect(inWindow(T - 1, range)).toBe(false);
    expect(inWindow(T, range)).toBe(true);
    expect(inWindow(T + 60_000, range)).toBe(true);
    expect(inWindow(T + 60_001, range)).toBe(false);
  });

  it('should honour a single bound', () => {
    expect(inWindow(T + 1e9, { from: T })).toBe(true);
    expect(inWindow(T - 1, { from: T })).toBe(false);
    expect(inWindow(0, { to: T })).toBe(true);
    expect(inWindow(T + 1, { to: T })).toBe(false);
  });

  it('should refuse a kline without openTime when bounded', () => {
    expect(inWindow(Number.NaN, { from: T })).toBe(false);
  });
});

describe('isPastRange', () => {
  it('should be true only for a kline after the upper bound', () => {
    expect(isPastRange(T + 1, { to: T })).toBe(true);
    expect(isPastRange(T, { to: T })).toBe(false);
    expect(isPastRange(T + 1e9, { from: T })).toBe(false);
    expect(isPastRange(T, UNBOUNDED)).toBe(false);
  });
});

describe('openTimeOfKlineJson', () => {
  it('should read the openTime of a Kline message', () => {
    const message = JSON.stringify({ openTime: '2026-11-22T01:02:00.000Z', closeTime: 'x', isClosed: false });
    expect(openTimeOfKlineJson(message)).toBe(T);
  });

  it('should give NaN when there is none', () => {
    expect(openTimeOfKlineJson('{"price":"1.00000000"}')).toBeNaN();
  });
});
