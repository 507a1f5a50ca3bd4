import { DeliveryRules } from './delivery-rules';

describe('DeliveryRules', () => {
  it('should plan a normal delivery when no rule matches', () => {
    const rules = new DeliveryRules();
    rules.add({ action: 'drop', type: 'invoice.paid' });
    expect(rules.planFor('checkout.session.completed')).toEqual({
      drop: false,
      hold: false,
      duplicate: false,
      delayMs: 0,
    });
  });

  it('should apply a counted rule to that many matching events only', () => {
    const rules = new DeliveryRules();
    rules.add({ action: 'duplicate', count: 2 });
    expect(rules.planFor('a').duplicate).toBe(true);
    expect(rules.planFor('b').duplicate).toBe(true);
    expect(rules.planFor('c').duplicate).toBe(false);
    expect(rules.pending).toEqual([]);
  });

  it('should keep a rule without count until cleared, and combine rules', () => {
    const rules = new DeliveryRules();
    rules.add({ action: 'hold', type: 'customer.subscription.created' });
    rules.add({ action: 'delay', ms: 300, count: 1 });
    expect(rules.planFor('customer.subscription.created')).toMatchObject({ hold: true, delayMs: 300 });
    expect(rules.planFor('customer.subscription.created')).toMatchObject({ hold: true, delayMs: 0 });
    expect(rules.pending).toEqual([{ action: 'hold', type: 'customer.subscription.created' }]);
    rules.clear();
    expect(rules.planFor('customer.subscription.created').hold).toBe(false);
  });
});
