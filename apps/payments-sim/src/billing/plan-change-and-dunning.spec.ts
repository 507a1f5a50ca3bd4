import { setUpBilling as setUp } from './test/billing-setup';
import { currentPeriodEnd } from './subscription-lifecycle';

const DAY = 86_400;

describe('plan changes, schedules and dunning', () => {
  it('should go past_due when the renewal is declined, and back to active when a retry after the card is fixed pays', () => {
    const { ledger, lifecycle, charges, subscribe, types } = setUp();
    const subscription = subscribe();
    types();
    lifecycle.failNextRenewal(subscription);
    const end = currentPeriodEnd(subscription);
    lifecycle.advanceTo(end);
    expect(subscription.status).toBe('past_due');
    const invoice = ledger.invoices.get(subscription.latest_invoice!)!;
    expect(invoice).toMatchObject({
      status: 'open',
      amount_paid: 0,
      attempt_count: 1,
      next_payment_attempt: end + 3 * DAY,
    });
    expect(types()).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    lifecycle.advanceTo(end + 3 * DAY);
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 2, next_payment_attempt: end + 8 * DAY });
    expect(types()).toEqual(['invoice.payment_failed']);
    charges.fixCardOf(subscription.customer);
    lifecycle.advanceTo(end + 8 * DAY);
    expect(invoice).toMatchObject({ status: 'paid', attempt_count: 3, next_payment_attempt: null });
    expect(subscription.status).toBe('active');
    expect(types()).toEqual(['invoice.paid', 'customer.subscription.updated']);
  });

  it('should cancel for payment_failed once the 3, 5 and 7 day retries are all declined', () => {
    const { lifecycle, subscribe, types } = setUp();
    const subscription = subscribe();
    types();
    lifecycle.failNextRenewal(subscription);
    const end = currentPeriodEnd(subscription);
    lifecycle.advanceTo(end + 14 * DAY);
    expect(subscription.status).toBe('past_due');
    lifecycle.advanceTo(end + 15 * DAY);
    expect(subscription).toMatchObject({
      status: 'canceled',
      ended_at: end + 15 * DAY,
      cancellation_details: { reason: 'payment_failed' },
    });
    expect(types()).toEqual([
      'invoice.payment_failed',
      'customer.subscription.updated',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'customer.subscription.deleted',
    ]);
  });

  it('should upgrade at once with always_invoice: a paid proration invoice for the rest of the period', () => {
    const { ledger, planChange, subscribe, types } = setUp();
    const subscription = subscribe();
    types();
    const item = subscription.items.data[0]!;
    const half = (item.current_period_start + item.current_period_end) / 2;
    ledger.clock.advanceTo(half);
    planChange.changePrice(subscription, {
      item,
      price: ledger.prices.get('price_business_monthly')!,
      quantity: 1,
      proration: 'always_invoice',
    });
    expect(item.price.id).toBe('price_business_monthly');
    const invoice = ledger.invoices.get(subscription.latest_invoice!)!;
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      amount_paid: 2000,
    });
    expect(invoice.lines.data.map((line) => [line.amount, line.proration])).toEqual([
      [-450, true],
      [2450, true],
    ]);
    expect(invoice.number).toMatch(/^[A-Z0-9]{8}-0002$/);
    expect(types()).toEqual(['customer.subscription.updated', 'invoice.paid']);
  });

  it('should downgrade at the period end through a schedule, then release it after its last phase', () => {
    const { ledger, lifecycle, schedules, subscribe, types } = setUp();
    const subscription = subscribe();
    const item = subscription.items.data[0]!;
    const schedule = schedules.fromSubscription(subscription);
    const end = currentPeriodEnd(subscription);
    schedules.setPhases(
      schedule,
      [
        { items: [{ price: item.price, quantity: 1 }], endDate: end },
        { items: [{ price: ledger.prices.get('price_free_monthly')!, quantity: 1 }] },
      ],
      'usd',
    );
    expect(subscription.schedule).toBe(schedule.id);
    types();
    lifecycle.advanceTo(end);
    expect(item.price.id).toBe('price_free_monthly');
    expect(ledger.invoices.get(subscription.latest_invoice!)).toMatchObject({
      amount_due: 0,
      status: 'paid',
    });
    expect(schedule.status).toBe('active');
    lifecycle.advanceTo(currentPeriodEnd(subscription));
    expect(schedule).toMatchObject({ status: 'released', released_subscription: subscription.id });
    expect(subscription.schedule).toBeNull();
    expect(types()).toContain('subscription_schedule.released');
  });
});
