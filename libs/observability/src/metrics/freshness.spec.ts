import { exchangeFreshness } from './freshness';

describe('exchangeFreshness', () => {
  it('should report the source and the age of the newest event in whole seconds', () => {
    expect(exchangeFreshness('kraken', 4_000, 60_500)).toEqual({ source: 'kraken', ageSeconds: 56 });
  });

  it('should report no age when there is no event yet, and no source when none is known', () => {
    expect(exchangeFreshness(undefined, undefined, 10_000)).toEqual({ source: null, ageSeconds: null });
  });

  it('should never report a negative age for an event stamped slightly ahead of this clock', () => {
    expect(exchangeFreshness('binance', 10_400, 10_000).ageSeconds).toBe(0);
  });
});
