import { EventLog } from '../ledger/event-log';
import { Ledger } from '../ledger/ledger';
import type { CheckoutSession, StripeEvent, Subscription } from '../ledger/objects';
import { DEFAULT_PRICES } from '../ledger/price-catalogue';
import { SimClock } from '../ledger/sim-clock';
import { CheckoutCompletion } from './checkout-completion';
import { newCheckoutSession } from './new-checkout-session';
import { currentPeriodEnd, SubscriptionLifecycle } from './subscription-lifecycle';

const START = Date.parse('2026-11-23T04:00:00Z');

function setUp() {
  const ledger = new Ledger(new SimClock(() => START), DEFAULT_PRICES);
  const events = new EventLog(ledger, '2026-10-28.endive');
  const published: StripeEvent[] = [];
  events.onEvent((event) => published.push(event));
  const checkout = new CheckoutCompletion(ledger, events);
  const lifecycle = new SubscriptionLifecycle(ledger, events);
  const session = (mode: CheckoutSession['mode'], priceId: string): CheckoutSession => {
    const request = {
      mode,
      customer: null,
      customerEmail: 'a@example.com',
      items: [{ price: ledger.prices.get(priceId)!, quantity: 1 }],
      clientReferenceId: 'acc_1',
      metadata: { account_id: 'acc_1' },
      subscriptionMetadata: {},
      successUrl: 'http://app/ok?s={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://app/no',
    };
    const made = newCheckoutSession(request, ledger.clock.nowSeconds(), 'http://sim');
    ledger.sessions.set(made.id, made);
    return made;
  };
  const subscribe = (): Subscription => {
    const paid = session('subscription', 'price_pro_monthly');
    checkout.pay(paid);
    return ledger.subscriptions.get(paid.subscription!)!;
  };
  const types = (): string[] => published.splice(0).map((event) => event.type);
  return { ledger, checkout, lifecycle, session, subscribe, types };
}

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

  it('should go past_due when the renewal fails, and back to active when the next one is paid', () => {
    const { ledger, lifecycle, subscribe, types } = setUp();
    const subscription = subscribe();
    types();
    lifecycle.failNextRenewal(subscription);
    lifecycle.advanceTo(currentPeriodEnd(subscription));
    expect(subscription.status).toBe('past_due');
    expect(ledger.invoices.get(subscription.latest_invoice!)).toMatchObject({
      status: 'open',
      amount_paid: 0,
    });
    expect(types()).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    lifecycle.advanceTo(currentPeriodEnd(subscription));
    expect(subscription.status).toBe('active');
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
