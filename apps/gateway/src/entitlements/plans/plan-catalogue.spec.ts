import { GatewayEnvironment } from '../../gateway.environment';
import { PlanCatalogue } from './plan-catalogue';

describe('PlanCatalogue', () => {
  const env = Object.assign(new GatewayEnvironment(), {
    RATE_LIMIT_PER_MINUTE: 40,
    WS_CONNECTIONS_PER_KEY: 2,
    FREE_PLAN_API_KEYS: 3,
    STRIPE_PRICE_PRO: 'price_custom_pro',
  });

  it('should offer the free plan with the service defaults and the key cap when built', () => {
    expect(new PlanCatalogue(env).planOf('free')).toEqual({
      id: 'free',
      name: 'Free',
      price: { amount: '0.00', currency: 'usd', interval: 'month' },
      requestsPerMinute: 40,
      wsConnections: 2,
      apiKeys: 3,
    });
  });

  it('should fall back to the free plan when an account names a plan no longer offered', () => {
    expect(new PlanCatalogue(env).planOf('gold').id).toBe('free');
  });

  it('should sell at least two paid plans and two boosts priced as decimal strings', () => {
    const catalogue = new PlanCatalogue(env);
    const paid = catalogue.all().filter((plan) => catalogue.paidPlan(plan.id));
    expect(paid.length).toBeGreaterThanOrEqual(2);
    expect(catalogue.boosts().length).toBeGreaterThanOrEqual(2);
    for (const item of [...paid, ...catalogue.boosts()]) expect(item.price.amount).toMatch(/^\d+\.\d{2}$/);
  });

  it('should find a plan by the Stripe price configured for it, and never sell free', () => {
    const catalogue = new PlanCatalogue(env);
    expect(catalogue.planByPrice('price_custom_pro')?.id).toBe('pro');
    expect(catalogue.paidPlan('free')).toBeUndefined();
    expect(catalogue.boostByPrice('price_boost_day')?.id).toBe('boost_day');
  });
});
