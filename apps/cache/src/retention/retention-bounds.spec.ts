import { RETENTION_OVERRIDES_PATTERN, retentionBounds } from './retention-bounds';

describe('retentionBounds', () => {
  it('should give every interval the default when there are no overrides', () => {
    const bounds = retentionBounds(100_000, '');
    expect(bounds.size).toBe(9);
    expect([...bounds.values()].every((keep) => keep === 100_000)).toBe(true);
  });

  it('should apply the overrides of the intervals they name', () => {
    const bounds = retentionBounds(100_000, '1m=50000,1d=2000');
    expect(bounds.get('1m')).toBe(50_000);
    expect(bounds.get('1d')).toBe(2000);
    expect(bounds.get('5m')).toBe(100_000);
  });

  it.each(['', '1m=1000', '1m=50000,12h=3000'])('should accept %j', (value) => {
    expect(RETENTION_OVERRIDES_PATTERN.test(value)).toBe(true);
  });

  it.each(['1m=999', '2m=5000', '1m=5000,', '1m:5000', '1m=05000'])('should refuse %j', (value) => {
    expect(RETENTION_OVERRIDES_PATTERN.test(value)).toBe(false);
  });
});
