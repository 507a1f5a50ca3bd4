import type Stripe from 'stripe';

export const FREE_PLAN_ID = 'free';

/** What an account shows of its Stripe subscription. */
export interface SubscriptionSummary {
  readonly id: string;
  readonly status: Stripe.Subscription.Status;
  /** ISO 8601. */
  readonly currentPeriodEnd: string;
  readonly cancelAtPeriodEnd: boolean;
}

/** The plan an account is on and the subscription behind it (null: none, or none that counts). */
export interface BillingState {
  readonly plan: string;
  readonly subscription: SubscriptionSummary | null;
}

/** Finds the plan a Stripe price belongs to (the plan catalogue). */
export interface PlanPrices {
  planByPrice(priceId: string): { readonly id: string } | undefined;
}

/** Statuses whose plan's limits apply; `past_due` is the grace while Stripe retries the card. */
const PAYING: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/**
 * The subscription that decides the plan among a customer's (Stripe lists newest first): the newest
 * paying one, else the newest of any status (a canceled one still shows why the plan ended).
 */
export function currentSubscription(
  subscriptions: readonly Stripe.Subscription[],
): Stripe.Subscription | undefined {
  return subscriptions.find((subscription) => PAYING.has(subscription.status)) ?? subscriptions[0];
}

/** CONTRACT section 10: paying statuses give the plan; canceled, unpaid, incomplete(_expired) give free. */
export function billingStateOf(
  subscription: Stripe.Subscription | undefined,
  prices: PlanPrices,
): BillingState {
  if (!subscription) return { plan: FREE_PLAN_ID, subscription: null };
  const item = subscription.items.data[0];
  const plan = item && PAYING.has(subscription.status) ? prices.planByPrice(item.price.id) : undefined;
  return {
    plan: plan?.id ?? FREE_PLAN_ID,
    subscription: {
      id: subscription.id,
      status: subscription.status,
      currentPeriodEnd: new Date((item?.current_period_end ?? 0) * 1000).toISOString(),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    },
  };
}
