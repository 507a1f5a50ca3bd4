import type Stripe from 'stripe';

export const FREE_PLAN_ID = 'free';

/** What an account shows of its Stripe subscription. */
export interface SubscriptionSummary {
  readonly id: string;
  readonly status: Stripe.Subscription.Status;
  /** ISO 8601. */
  readonly currentPeriodEnd: string;
  readonly cancelAtPeriodEnd: boolean;
  /**
   * The plan the account moves to at `currentPeriodEnd`: a downgrade waiting in a subscription
   * schedule, or `free` when the subscription cancels at the period end; null when nothing changes.
   */
  readonly pendingPlan: string | null;
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
export const PAYING: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

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
  const priceId = item ? (unpaidChangeFrom(subscription) ?? item.price.id) : undefined;
  const plan = priceId && PAYING.has(subscription.status) ? prices.planByPrice(priceId) : undefined;
  const periodEnd = item?.current_period_end ?? 0;
  return {
    plan: plan?.id ?? FREE_PLAN_ID,
    subscription: {
      id: subscription.id,
      status: subscription.status,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      pendingPlan: plan ? pendingPlanOf(subscription, periodEnd, plan.id, prices) : null,
    },
  };
}

function priceIdOf(price: string | { id: string }): string {
  return typeof price === 'string' ? price : price.id;
}

/**
 * The price a plan change came from while its prorated charge is unpaid (the latest invoice, when
 * expanded, an open `subscription_update` one): its credit line names the old price. A change made
 * without `pending_if_incomplete` (Stripe's default, or elsewhere than this service) applies at once
 * even when declined; this keeps it from granting the dearer plan before it is paid.
 */
function unpaidChangeFrom(subscription: Stripe.Subscription): string | undefined {
  const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  if (invoice?.billing_reason !== 'subscription_update' || invoice.status !== 'open') return undefined;
  const credit = invoice.lines.data.find((line) => line.amount < 0 && line.pricing?.price_details);
  const price = credit?.pricing?.price_details?.price;
  return price ? priceIdOf(price) : undefined;
}

/**
 * What the account moves to at the period end: `free` when the subscription cancels then, else the
 * plan of the schedule's phase that starts then (the schedule expanded on the subscription).
 */
function pendingPlanOf(
  subscription: Stripe.Subscription,
  periodEnd: number,
  current: string,
  prices: PlanPrices,
): string | null {
  if (subscription.cancel_at_period_end) return FREE_PLAN_ID;
  const schedule = typeof subscription.schedule === 'object' ? subscription.schedule : null;
  if (schedule?.status !== 'active') return null;
  const next = schedule.phases.find((phase) => phase.start_date >= periodEnd);
  const price = next?.items[0]?.price;
  const plan = price ? (prices.planByPrice(priceIdOf(price))?.id ?? FREE_PLAN_ID) : undefined;
  return plan !== undefined && plan !== current ? plan : null;
}
