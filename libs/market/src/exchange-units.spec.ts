import {
  formatPrice,
  formatQuantity,
  formatQuote,
  parsePriceTicks,
  parseQuantitySteps,
} from './exchange-units';

describe('fixed point', () => {
  it('writes integers as Binance writes decimals, with 8 places', () => {
    expect(formatPrice(9_712_345)).toBe('97123.45000000');
    expect(formatPrice(1)).toBe('0.01000000');
    expect(formatQuantity(1234)).toBe('0.01234000');
    expect(formatQuantity(12_345_678_901n)).toBe('123456.78901000');
    expect(formatQuote(123_456_789_012_345_678_901n)).toBe('12345678901234.56789010');
  });

  it('reads prices on the 0.01 tick and quantities on the 0.00001 step', () => {
    expect(parsePriceTicks('97000.12000000')).toBe(9_700_012);
    expect(parsePriceTicks('97000.1')).toBe(9_700_010);
    expect(parseQuantitySteps('0.50000000')).toBe(50_000);
    expect(parseQuantitySteps('9000')).toBe(900_000_000);
  });

  it('refuses what Binance would never print', () => {
    for (const bad of ['97000.123', '0', '-1', 'abc', '1e5', '1000000.01', '']) {
      expect(parsePriceTicks(bad)).toBeUndefined();
    }
    for (const bad of ['0.000001', '0.00000000', '9000.00001', '1,5']) {
      expect(parseQuantitySteps(bad)).toBeUndefined();
    }
  });
});
