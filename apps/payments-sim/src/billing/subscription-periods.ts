import type { Subscription } from '../ledger/objects';

/** The end of a subscription's current period (every item shares it here). */
export function currentPeriodEnd(subscription: Subscription): number {
  return subscription.items.data[0]?.current_period_end ?? subscription.start_date;
}

/** The start of a subscription's current period. */
export function currentPeriodStart(subscription: Subscription): number {
  return subscription.items.data[0]?.current_period_start ?? subscription.start_date;
}
