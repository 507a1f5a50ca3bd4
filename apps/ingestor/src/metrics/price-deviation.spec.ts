import { deviationRatios, median } from './price-deviation';

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeUndefined();
    expect(median([5])).toBe(5);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('deviationRatios (the witnesses of CONTRACT section 11)', () => {
  it('says nothing while fewer than two exchanges have a price', () => {
    expect(deviationRatios([])).toEqual([]);
    expect(deviationRatios([{ exchange: 'binance', price: '97000.00' }])).toEqual([]);
  });

  it('gives each exchange its distance from the median of all, as a ratio of the median', () => {
    const ratios = deviationRatios([
      { exchange: 'binance', price: '100000.00' },
      { exchange: 'binance-us', price: '97000.00' },
      { exchange: 'kraken', price: '100500.0' },
    ]);
    expect(ratios.map(({ exchange }) => exchange)).toEqual(['binance', 'binance-us', 'kraken']);
    expect(ratios[0]?.ratio).toBe(0);
    expect(ratios[1]?.ratio).toBeCloseTo(0.03, 12);
    expect(ratios[2]?.ratio).toBeCloseTo(0.005, 12);
  });

  it('puts two exchanges equally far from their midpoint', () => {
    const [a, b] = deviationRatios([
      { exchange: 'binance', price: '97000' },
      { exchange: 'kraken', price: '103000' },
    ]);
    expect(a?.ratio).toBeCloseTo(0.03, 12);
    expect(b?.ratio).toBeCloseTo(0.03, 12);
  });

  it('flags the one exchange of three in a flash crash, the median following the other two', () => {
    const ratios = deviationRatios([
      { exchange: 'binance', price: '48500.00' },
      { exchange: 'binance-us', price: '97010.00' },
      { exchange: 'kraken', price: '97000.0' },
    ]);
    expect(ratios.find(({ exchange }) => exchange === 'binance')?.ratio).toBeCloseTo(0.5, 3);
    expect(ratios.find(({ exchange }) => exchange === 'kraken')?.ratio).toBe(0);
    expect(ratios.find(({ exchange }) => exchange === 'binance-us')?.ratio).toBeCloseTo(10 / 97000, 12);
  });
});
