import { freshnessOf } from './freshness';

describe('freshnessOf', () => {
  it('should be fresh when the newest event is no older than the limit', () => {
    expect(freshnessOf(9_000, 5_000, 10_000)).toEqual({ fresh: true, lastEventAgeMs: 1_000 });
    expect(freshnessOf(5_000, 5_000, 10_000)).toEqual({ fresh: true, lastEventAgeMs: 5_000 });
  });

  it('should name the age when the newest event is older than the limit', () => {
    expect(freshnessOf(0, 5_000, 12_000)).toEqual({
      fresh: false,
      lastEventAgeMs: 12_000,
      staleReason: 'last exchange event 12 s ago (limit 5 s)',
    });
  });

  it('should be stale with no age when there is no event yet', () => {
    expect(freshnessOf(undefined, 5_000)).toEqual({
      fresh: false,
      lastEventAgeMs: null,
      staleReason: 'no exchange event yet',
    });
  });
});
