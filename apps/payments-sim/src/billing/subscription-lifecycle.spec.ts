import { setUpBilling as setUp } from './test/billing-setup';
import { currentPeriodEnd } from './subscription-lifecycle';

describe('checkout and subscription state machine', () => {
  it('should complete a subscription session: created incomplete, then paid and active, events in order', () => {
    const { ledger, checkout, session, types } = setUp();
    const open = session('subscription', 'price_pro_monthly');
    expect(open.success_url).toBe(`http://app/ok?s=${open.id}`);
    checkout.pay(open);
    expect(open).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const subscription = ledger.subscriptions.get(open.subscription!)!;
    expect(subscription).toMatchObject({
      status: 'active',
      customer: open.customer,
      latest_invoice: open.invoice,
    });
    expect(currentPeriodEnd(subscription)).toBe(Date.parse('2026-12-23T04:00:00Z') / 1000);
    expect(ledger.invoices.get(open.invoice!)).toMatchObject({ status: 'paid', amount_paid: 900 });
    expect(types()).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'customer.subscription.updated',
      'checkout.session.completed',
    ]);
    const [created, , updated] = [...ledger.events.values()];
    expect(created!.data.object).toMatchObject({ status: 'incomplete' });
    expect(updated!.data).toMatchObject({
      object: { status: 'active' },
      previous_attributes: { status: 'incomplete' },
    });
    checkout.pay(open);
    expect(types()).toEqual([]);
  });

  it('should complete a payment session with a succeeded payment intent', () => {
    const { ledger, checkout, session, types } = setUp();
    const open = session('payment', 'price_boost_day');
    checkout.pay(open);
    expect(ledger.paymentIntents.get(open.payment_intent!)).toMatchObject({
      status: 'succeeded',
      amount: 1000,
    });
    expect(open).toMatchObject({
      subscription: null,
      customer: null,
      customer_details: { email: 'a@example.com' },
    });
    expect(types()).toEqual(['payment_intent.succeeded', 'checkout.session.completed']);
  });

  it('should renew at period end with a paid invoice', () => {
    const { ledger, lifecycle, subscribe, types } = setUp();
    const subscription = subscribe();
    types();
    const end = currentPeriodEnd(subscription);
    lifecycle.advanceTo(end);
    expect(subscription.status).toBe('active');
    expect(subscription.items.data[0]!.current_period_start).toBe(end);
    expect(ledger.invoices.get(subscription.latest_invoice!)).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
    });
    expect(types()).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(ledger.clock.nowSeconds()).toBe(end);
  });

  it('should cancel at period end: updated now, deleted and canceled when the period ends', () => {
    const { lifecycle, subscribe, types } = setUp();
    const subscription = subscribe();
    types();
    const end = currentPeriodEnd(subscription);
    lifecycle.setCancelAtPeriodEnd(subscription, true);
    expect(subscription).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: end });
    expect(types()).toEqual(['customer.subscription.updated']);
    lifecycle.advanceTo(end + 86_400 * 100);
    expect(subscription).toMatchObject({ status: 'canceled', ended_at: end });
    expect(types()).toEqual(['customer.subscription.deleted']);
  });

  it('should cancel now, once', () => {
    const { lifecycle, subscribe, types } = setUp();
    const subscription = subscribe();
    types();
    lifecycle.cancelNow(subscription);
    lifecycle.cancelNow(subscription);
    expect(subscription.status).toBe('canceled');
    expect(types()).toEqual(['customer.subscription.deleted']);
  });
});
