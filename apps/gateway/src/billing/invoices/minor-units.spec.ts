import { minorUnitsToDecimal } from './minor-units';

describe('minorUnitsToDecimal', () => {
  it('should write cents as a two-decimal string', () => {
    expect(minorUnitsToDecimal(4000, 'usd')).toBe('40.00');
    expect(minorUnitsToDecimal(5, 'usd')).toBe('0.05');
    expect(minorUnitsToDecimal(0, 'eur')).toBe('0.00');
    expect(minorUnitsToDecimal(-450, 'usd')).toBe('-4.50');
  });

  it("should follow the currency's own number of decimals", () => {
    expect(minorUnitsToDecimal(1200, 'jpy')).toBe('1200');
    expect(minorUnitsToDecimal(1234, 'kwd')).toBe('1.234');
  });
});
