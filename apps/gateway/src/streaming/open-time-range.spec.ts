import { inRange, isPastRange, openTimeOfMessage, UNBOUNDED } from './open-time-range';

const T = Date.parse('2026-11-22T01:02:00.000Z');

describe('inRange', () => {
  it('should accept everything without bounds', () => {
    expect(inRange(UNBOUNDED, T)).toBe(true);
  });

  it('should compare inclusively with openTime', () => {
    const range = { from: T, to: T + 60_000 };
    expect(inRange(range, T - 1)).toBe(false);
    expect(inRange(range, T)).toBe(true);
    expect(inRange(range, T + 60_000)).toBe(true);
    expect(inRange(range, T + 60_001)).toBe(false);
  });

  it('should honour a single bound', () => {
    expect(inRange({ from: T }, T + 1e9)).toBe(true);
    expect(inRange({ from: T }, T - 1)).toBe(false);
    expect(inRange({ to: T }, 0)).toBe(true);
    expect(inRange({ to: T }, T + 1)).toBe(false);
  });

  it('should refuse a kline without openTime when bounded', () => {
    expect(inRange({ from: T }, Number.NaN)).toBe(false);
  });
});

describe('isPastRange', () => {
  it('should be true only for a kline after the upper bound', () => {
    expect(isPastRange({ to: T }, T + 1)).toBe(true);
    expect(isPastRange({ to: T }, T)).toBe(false);
    expect(isPastRange({ from: T }, T + 1e9)).toBe(false);
    expect(isPastRange(UNBOUNDED, T)).toBe(false);
  });
});

describe('openTimeOfMessage', () => {
  it('should read the openTime of a Kline message', () => {
    const message = JSON.stringify({ openTime: '2026-11-22T01:02:00.000Z', closeTime: 'x', isClosed: false });
    expect(openTimeOfMessage(message)).toBe(T);
  });

  it('should give NaN when there is none', () => {
    expect(openTimeOfMessage('{"price":"1.00000000"}')).toBeNaN();
  });
});
