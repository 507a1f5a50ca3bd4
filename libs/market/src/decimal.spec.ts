import { isWithinBasisPoints, midpointDecimal, scaleOf, subtractDecimals, zeroAtScaleOf } from './decimal';

describe('exact decimals for the index', () => {
  it('subtracts at the larger scale', () => {
    expect(subtractDecimals('100.5', '0.25')).toBe('100.25');
    expect(subtractDecimals('1', '2.50')).toBe('-1.50');
  });

  it('halves a sum at the asked scale, rounding half to even', () => {
    expect(midpointDecimal('1.01', '1.02', 2)).toBe('1.02');
    expect(midpointDecimal('1.01', '1.04', 2)).toBe('1.02');
    expect(midpointDecimal('1.01', '1.02', 3)).toBe('1.015');
    expect(midpointDecimal('-0.03', '0', 2)).toBe('-0.02');
  });

  it('compares a distance with basis points of the reference exactly', () => {
    expect(isWithinBasisPoints('110', '100', 1000)).toBe(true);
    expect(isWithinBasisPoints('110.00000001', '100', 1000)).toBe(false);
    expect(isWithinBasisPoints('95', '100.0', 500)).toBe(true);
    expect(scaleOf('97123.40')).toBe(2);
  });

  it('writes zero at the scale of another value, as a quiet slot’s volume', () => {
    expect(zeroAtScaleOf('12.34500000')).toBe('0.00000000');
    expect(zeroAtScaleOf('7')).toBe('0');
  });
});
