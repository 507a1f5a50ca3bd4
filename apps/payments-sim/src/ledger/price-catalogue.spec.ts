import { DEFAULT_PRICES, loadPriceSpecs, parsePriceSpecs, toPrice } from './price-catalogue';

describe('price catalogue', () => {
  it('should default to a free plan, two paid plans and two one-time boosts', () => {
    const prices = loadPriceSpecs(undefined, undefined).map((spec) => toPrice(spec, 1));
    const recurring = prices.filter((price) => price.type === 'recurring');
    expect(recurring.filter((price) => price.unit_amount === 0)).toHaveLength(1);
    expect(recurring.filter((price) => price.unit_amount > 0).length).toBeGreaterThanOrEqual(2);
    expect(
      prices.filter((price) => price.type === 'one_time' && price.recurring === null).length,
    ).toBeGreaterThanOrEqual(2);
    expect(loadPriceSpecs(undefined, undefined)).toBe(DEFAULT_PRICES);
  });

  it('should read a configured list and make Stripe prices of it', () => {
    const [spec] = parsePriceSpecs(
      '[{"id":"price_x","product":"prod_x","productName":"X","unitAmount":1500,"currency":"eur","interval":"year"}]',
    );
    expect(toPrice(spec!, 7)).toMatchObject({
      id: 'price_x',
      object: 'price',
      product: 'prod_x',
      unit_amount: 1500,
      unit_amount_decimal: '1500',
      currency: 'eur',
      type: 'recurring',
      recurring: { interval: 'year', interval_count: 1 },
      livemode: false,
      created: 7,
    });
  });

  it('should refuse a bad entry, naming it', () => {
    expect(() => parsePriceSpecs('[]')).toThrow(/non-empty/);
    expect(() =>
      parsePriceSpecs('[{"id":"p","product":"x","productName":"X","unitAmount":1,"currency":"usd"}]'),
    ).toThrow(/price 0: product must be a prod_ id/);
    expect(() =>
      parsePriceSpecs('[{"id":"p","product":"prod_x","productName":"X","unitAmount":1.5,"currency":"usd"}]'),
    ).toThrow(/unitAmount/);
  });
});
