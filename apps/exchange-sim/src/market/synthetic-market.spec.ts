import { type Bar, mergeAll } from './bar';
import { SyntheticMarket } from './synthetic-market';

const BASE = 9_700_000;
const MINUTE = 29_280_000;

function expectConsistent(bar: Bar): void {
  expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
  expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
  expect(bar.low).toBeGreaterThan(0);
  expect(bar.takerBuyVolume).toBeLessThanOrEqual(bar.volume);
  expect(bar.takerBuyQuoteVolume).toBeLessThanOrEqual(bar.quoteVolume);
  expect(bar.trades).toBeGreaterThan(0);
  expect(bar.lastTradeId).toBeGreaterThanOrEqual(bar.firstTradeId);
}

describe('SyntheticMarket', () => {
  const market = new SyntheticMarket(1, BASE);

  it('is a pure function of the seed', () => {
    const twin = new SyntheticMarket(1, BASE);
    expect(twin.rangeBar(MINUTE, MINUTE + 1440)).toEqual(market.rangeBar(MINUTE, MINUTE + 1440));
    expect(new SyntheticMarket(2, BASE).rangeBar(MINUTE, MINUTE + 1)).not.toEqual(
      market.rangeBar(MINUTE, MINUTE + 1),
    );
  });

  it('opens every minute at the close of the one before', () => {
    for (let minute = MINUTE; minute < MINUTE + 500; minute += 1) {
      expect(market.rangeBar(minute, minute + 1)?.open).toBe(market.closeAt(minute - 1));
      expect(market.rangeBar(minute, minute + 1)?.close).toBe(market.closeAt(minute));
    }
  });

  it('keeps low ≤ open, close ≤ high and sane volumes in every minute', () => {
    for (let minute = MINUTE; minute < MINUTE + 2000; minute += 1) {
      expectConsistent(market.rangeBar(minute, minute + 1) as Bar);
    }
  });

  it('aggregates exactly: a span is the merge of its minutes', () => {
    const minutes = Array.from(
      { length: 5 },
      (_, offset) => market.rangeBar(MINUTE + offset, MINUTE + offset + 1) as Bar,
    );
    const span = market.rangeBar(MINUTE, MINUTE + 5) as Bar;
    expect(span).toEqual(mergeAll(minutes));
    expect(span.volume).toBe(minutes.reduce((sum, bar) => sum + bar.volume, 0n));
    expect(span.firstTradeId).toBe(market.ids.firstId(MINUTE));
    expect(span.lastTradeId - span.firstTradeId + 1).toBe(span.trades);
    expectConsistent(span);
  });

  it('walks consecutive buckets in one pass with the same result as one at a time', () => {
    const hours = market.rangeBars(MINUTE, 60, 30);
    hours.forEach((bar, hour) => {
      expect(bar).toEqual(market.rangeBar(MINUTE + hour * 60, MINUTE + (hour + 1) * 60));
    });
  });

  it('has nothing for an empty span', () => {
    expect(market.rangeBar(MINUTE, MINUTE)).toBeUndefined();
  });
});
