import { fc, test } from '@fast-check/jest';
import { compareDecimals, isWithinBasisPoints } from '@pds/market';
import { indexAt, medianDecimal, type SourceQuote } from './index-rule';

const SECOND = Date.parse('2026-11-29T01:00:00.000Z');

function quote(exchange: string, price: string, overrides: Partial<SourceQuote> = {}): SourceQuote {
  return { exchange, price, tradeTime: SECOND - 500, live: true, ...overrides };
}

const none = new Set<string>();

describe('indexAt', () => {
  it('is the median of three agreeing exchanges with half their spread as the band', () => {
    const { second } = indexAt(
      SECOND,
      [quote('binance', '100.00000000'), quote('binance-us', '101.00000000'), quote('kraken', '99.5')],
      none,
    );
    expect(second.price).toBe('100.00000000');
    expect(second.confidence).toBe('0.75000000');
    expect(second.sources.every((source) => source.included)).toBe(true);
    expect(second.liveSources).toBe(3);
  });

  it('takes the mean of the two middle prices, rounded half to even at the finest scale', () => {
    expect(medianDecimal(['1.00000001', '1.00000002'])).toBe('1.00000002');
    expect(medianDecimal(['1.00000003', '1.00000002'])).toBe('1.00000002');
    const { second } = indexAt(SECOND, [quote('a', '100.0'), quote('b', '101.00000000')], none);
    expect(second.price).toBe('100.50000000');
  });

  it('excludes an exchange 15 % away, naming why, and keeps the other two', () => {
    const { second, standing } = indexAt(
      SECOND,
      [quote('binance', '100.00'), quote('binance-us', '100.20'), quote('kraken', '115.00')],
      none,
    );
    expect(second.price).toBe('100.10');
    expect(second.sources.find((source) => source.exchange === 'kraken')).toMatchObject({
      included: false,
      reason: 'deviation',
    });
    expect([...standing]).toEqual(['kraken']);
  });

  it('lets an excluded exchange back only within 5 %: hysteresis', () => {
    const excluded = new Set(['kraken']);
    const at = (kraken: string) =>
      indexAt(
        SECOND,
        [quote('binance', '100.00'), quote('binance-us', '100.00'), quote('kraken', kraken)],
        excluded,
      );
    expect(at('107.00').standing.has('kraken')).toBe(true);
    expect(at('104.99').standing.has('kraken')).toBe(false);
    expect(
      indexAt(SECOND, [quote('a', '100'), quote('b', '100'), quote('kraken', '107')], none).standing.size,
    ).toBe(0);
  });

  it('is unavailable with fewer than two fresh sources: dark and stale ones named', () => {
    const { second } = indexAt(
      SECOND,
      [
        quote('binance', '100'),
        quote('binance-us', '100', { live: false }),
        quote('kraken', '100', { tradeTime: SECOND - 30_001 }),
      ],
      none,
    );
    expect(second.price).toBeUndefined();
    expect(second.liveSources).toBe(1);
    expect(second.sources.map((source) => source.reason)).toEqual(['too-few-sources', 'dark', 'stale']);
  });

  it('counts a trade exactly 30 s old as fresh and leaves out an exchange without a price', () => {
    const { second } = indexAt(
      SECOND,
      [
        quote('a', '100', { tradeTime: SECOND - 30_000 }),
        quote('b', '100'),
        quote('c', '1', { price: undefined }),
      ],
      none,
    );
    expect(second.price).toBe('100');
    expect(second.sources.map((source) => source.exchange)).toEqual(['a', 'b']);
  });

  it('excludes both of two sources that disagree by more than 10 %: neither can be told right', () => {
    const { second } = indexAt(SECOND, [quote('a', '100'), quote('b', '115')], none);
    expect(second.price).toBeUndefined();
    expect(second.sources.every((source) => source.reason === 'deviation')).toBe(true);
  });
});

const cents = fc.integer({ min: 1_000_000, max: 20_000_000 }).map((units) => (units / 100).toFixed(2));
const quoteArb = fc.record({
  price: cents,
  live: fc.boolean(),
  ageMs: fc.integer({ min: -1000, max: 40_000 }),
});
const quotesArb = fc.array(quoteArb, { minLength: 0, maxLength: 5 }).map((list) =>
  list.map(({ price, live, ageMs }, index): SourceQuote => ({
    exchange: `x${index}`,
    price,
    live,
    tradeTime: SECOND - ageMs,
  })),
);
const standingArb = fc
  .array(fc.integer({ min: 0, max: 4 }))
  .map((list) => new Set(list.map((index) => `x${index}`)));

describe('indexAt: properties', () => {
  test.prop([quotesArb, standingArb])(
    'the index lies within the included prices, from at least two',
    (quotes, standing) => {
      const { second } = indexAt(SECOND, quotes, standing);
      const included = second.sources.filter((source) => source.included).map((source) => source.price);
      if (second.price === undefined) {
        expect(included).toHaveLength(0);
        return;
      }
      expect(included.length).toBeGreaterThanOrEqual(2);
      const sorted = [...included].sort(compareDecimals);
      expect(compareDecimals(second.price, sorted[0] ?? '')).toBeGreaterThanOrEqual(0);
      expect(compareDecimals(second.price, sorted.at(-1) ?? '')).toBeLessThanOrEqual(0);
      expect(compareDecimals(second.confidence ?? '-1', '0')).toBeGreaterThanOrEqual(0);
    },
  );

  test.prop([quotesArb, standingArb])(
    'an excluded source stays out between 5 % and 10 %, an included one stays in',
    (quotes, standing) => {
      const fresh = quotes.filter((quote) => quote.live && SECOND - (quote.tradeTime ?? 0) <= 30_000);
      if (fresh.length < 3) return;
      const reference = medianDecimal(fresh.map((quote) => quote.price ?? ''));
      const { standing: next } = indexAt(SECOND, quotes, standing);
      for (const quote of fresh) {
        const between =
          !isWithinBasisPoints(quote.price ?? '', reference, 500) &&
          isWithinBasisPoints(quote.price ?? '', reference, 1000);
        if (between) expect(next.has(quote.exchange)).toBe(standing.has(quote.exchange));
      }
    },
  );
});
