import type Stripe from 'stripe';
import { billingStateOf, currentSubscription } from './subscription-state';

const PLANS: Record<string, { id: string }> = {
  price_pro: { id: 'pro' },
  price_business: { id: 'business' },
};
const prices = { planByPrice: (id: string) => PLANS[id] };

function subscription(
  id: string,
  status: Stripe.Subscription.Status,
  price = 'price_pro',
): Stripe.Subscription {
  return {
    id,
    status,
    cancel_at_period_end: false,
    items: { data: [{ price: { id: price }, current_period_end: 1_800_000_000 }] },
  } as unknown as Stripe.Subscription;
}

describe('billingStateOf', () => {
  it.each(['active', 'trialing', 'past_due'] as const)('should give the plan while %s', (status) => {
    expect(billingStateOf(subscription('sub_1', status), prices)).toEqual({
      plan: 'pro',
      subscription: {
        id: 'sub_1',
        status,
        currentPeriodEnd: new Date(1_800_000_000_000).toISOString(),
        cancelAtPeriodEnd: false,
        pendingPlan: null,
      },
    });
  });

  it.each(['canceled', 'unpaid', 'incomplete', 'incomplete_expired'] as const)(
    'should give free while %s, still showing the status',
    (status) => {
      const state = billingStateOf(subscription('sub_1', status), prices);
      expect(state.plan).toBe('free');
      expect(state.subscription?.status).toBe(status);
    },
  );

  it('should give free with no subscription, and for a price no plan sells', () => {
    expect(billingStateOf(undefined, prices)).toEqual({ plan: 'free', subscription: null });
    expect(billingStateOf(subscription('sub_1', 'active', 'price_other'), prices).plan).toBe('free');
  });
});

describe('currentSubscription', () => {
  it('should prefer the newest paying subscription over a newer canceled one', () => {
    const chosen = currentSubscription([
      subscription('sub_new', 'canceled'),
      subscription('sub_old', 'active'),
    ]);
    expect(chosen?.id).toBe('sub_old');
  });

  it('should fall back to the newest when none pays', () => {
    expect(
      currentSubscription([subscription('sub_a', 'canceled'), subscription('sub_b', 'unpaid')])?.id,
    ).toBe('sub_a');
  });
});

describe('pendingPlan', () => {
  it('should be free while the subscription cancels at the period end', () => {
    const cancelling = { ...subscription('sub_1', 'active'), cancel_at_period_end: true };
    expect(billingStateOf(cancelling, prices).subscription?.pendingPlan).toBe('free');
  });

  it("should be the plan of the schedule's phase that starts at the period end", () => {
    const schedule = {
      status: 'active',
      phases: [
        { start_date: 1_797_000_000, items: [{ price: 'price_business' }] },
        { start_date: 1_800_000_000, items: [{ price: { id: 'price_pro' } }] },
      ],
    };
    const scheduled = { ...subscription('sub_1', 'active', 'price_business'), schedule };
    expect(
      billingStateOf(scheduled as unknown as Stripe.Subscription, prices).subscription?.pendingPlan,
    ).toBe('pro');
    const released = { ...scheduled, schedule: { ...schedule, status: 'released' } };
    expect(
      billingStateOf(released as unknown as Stripe.Subscription, prices).subscription?.pendingPlan,
    ).toBeNull();
  });
});

describe('a plan change whose prorated charge is unpaid', () => {
  const changed = (invoiceStatus: string) =>
    ({
      ...subscription('sub_1', 'past_due', 'price_business'),
      latest_invoice: {
        billing_reason: 'subscription_update',
        status: invoiceStatus,
        lines: {
          data: [
            { amount: -450, pricing: { price_details: { price: 'price_pro' } } },
            { amount: 2450, pricing: { price_details: { price: 'price_business' } } },
          ],
        },
      },
    }) as unknown as Stripe.Subscription;

  it('should keep the plan it came from while its invoice is open', () => {
    expect(billingStateOf(changed('open'), prices).plan).toBe('pro');
  });

  it('should give the new plan once its invoice is paid', () => {
    expect(billingStateOf(changed('paid'), prices).plan).toBe('business');
  });
});
