import { isIsoDateTime, isKlinesLimit } from './query-rules';

describe('isKlinesLimit', () => {
  it.each(['1', '500', '1000', '0001'])('should accept %s', (value) => {
    expect(isKlinesLimit(value)).toBe(true);
  });

  it.each(['0', '1001', '-1', '1e3', '0x10', '10.0', '12abc', '+5', ' 5', '', '99999999999999999999'])(
    'should reject %j',
    (value) => {
      expect(isKlinesLimit(value)).toBe(false);
    },
  );
});

describe('isIsoDateTime', () => {
  it.each([
    '2024-02-29T00:00:00Z',
    '2024-01-01T12:30Z',
    '2024-01-01T12:30:15.123Z',
    '2024-01-01T12:30:15+02:00',
    '2024-01-01T12:30:15.123456-05:30',
  ])('should accept %s', (value) => {
    expect(isIsoDateTime(value)).toBe(true);
  });

  it.each([
    '2024-02-30T00:00:00Z',
    '2023-02-29T00:00:00Z',
    '2024-13-45T00:00:00Z',
    '2024-01-01',
    '2024-01-01T00:00:00',
    '2024-01-01T24:00:00Z',
    '2024-01-01T00:60:00Z',
    '2024-01-01 00:00:00Z',
    '1704067200000',
    'yesterday',
  ])('should reject %s', (value) => {
    expect(isIsoDateTime(value)).toBe(false);
  });
});
