import { EventDeduplicator } from './event-deduplicator';

describe('EventDeduplicator', () => {
  it('accepts each recent trade id once', () => {
    const dedupe = new EventDeduplicator();
    expect([5, 6, 6, 5, 7].map((id) => dedupe.acceptTrade(id))).toEqual([true, true, false, false, true]);
  });

  it('is not wedged by one huge trade id: the trades after it are new', () => {
    const dedupe = new EventDeduplicator();
    expect([5, Number.MAX_SAFE_INTEGER, 6, 7, 7].map((id) => dedupe.acceptTrade(id))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(dedupe.missingBefore(8)).toBe(0);
  });

  it('lets a kline push dated far ahead of the next one give way to it', () => {
    const dedupe = new EventDeduplicator();
    expect(dedupe.acceptKline('1m', 7_258_118_400_000, 60_000)).toBe(true);
    expect(dedupe.acceptKline('1m', 1000, 0)).toBe(true);
    expect(dedupe.acceptKline('1m', 2000, 0)).toBe(true);
    expect(dedupe.acceptKline('1m', 1500, 0)).toBe(false);
  });

  it('should let a kline push dated just inside the 60 s give way to the next one once the clock is behind it', () => {
    const now = 1_000_000;
    const dedupe = new EventDeduplicator(() => now);
    expect(dedupe.acceptKline('1m', now + 59_000, 960_000)).toBe(true);
    expect(dedupe.acceptKline('1m', now + 500, 960_000)).toBe(true);
    expect(dedupe.acceptKline('1m', now + 400, 960_000)).toBe(false);
  });

  it('accepts kline pushes by event time per interval', () => {
    const dedupe = new EventDeduplicator();
    expect(dedupe.acceptKline('1m', 1000, 0)).toBe(true);
    expect(dedupe.acceptKline('1m', 1000, 0)).toBe(false);
    expect(dedupe.acceptKline('1m', 999, 0)).toBe(false);
    expect(dedupe.acceptKline('5m', 1000, 0)).toBe(true);
    expect(dedupe.acceptKline('1m', 3000, 0)).toBe(true);
  });

  it('accepts the first push of the next kline at the same event time as the closing push', () => {
    const dedupe = new EventDeduplicator();
    expect(dedupe.acceptKline('1m', 60_000, 0)).toBe(true);
    expect(dedupe.acceptKline('1m', 60_000, 60_000)).toBe(true);
    expect(dedupe.acceptKline('1m', 60_000, 0)).toBe(false);
  });
});

describe('EventDeduplicator sequence gaps', () => {
  it('counts the trade ids skipped between the newest trade and the next one', () => {
    const dedupe = new EventDeduplicator();
    expect(dedupe.missingBefore(10)).toBe(0);
    dedupe.acceptTrade(10);
    expect(dedupe.missingBefore(11)).toBe(0);
    expect(dedupe.missingBefore(14)).toBe(3);
    expect(dedupe.missingBefore(9)).toBe(0);
  });
});

describe('EventDeduplicator final pushes', () => {
  it('accepts the final push of a kline after its open push at the same event time, once', () => {
    const dedupe = new EventDeduplicator();
    expect(dedupe.acceptKline('1m', 60_000, 0, false)).toBe(true);
    expect(dedupe.acceptKline('1m', 60_000, 0, true)).toBe(true);
    expect(dedupe.acceptKline('1m', 60_000, 0, true)).toBe(false);
    expect(dedupe.acceptKline('1m', 60_000, 0, false)).toBe(false);
  });
});
