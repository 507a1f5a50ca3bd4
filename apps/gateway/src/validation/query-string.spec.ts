import { parseQueryString } from './query-string';

describe('parseQueryString', () => {
  it('should collect a repeated name into an array', () => {
    expect(parseQueryString('limit=5&limit=6&interval=1m')).toEqual({ limit: ['5', '6'], interval: '1m' });
  });

  it('should not throw on malformed percent-encoding', () => {
    expect(parseQueryString('symbol=%E0%A4%A&x=%')).toEqual({ symbol: '\uFFFD%A', x: '%' });
  });

  it('should keep __proto__ as an ordinary name', () => {
    const parsed = parseQueryString('__proto__=1&constructor=2');
    expect(parsed.__proto__).toBe('1');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
  });
});
