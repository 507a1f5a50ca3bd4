import { currentPeriodEnd, currentPeriodStart } from '../billing/subscription-periods';
import type { Price, Subscription } from '../ledger/objects';
import type { SimContext } from '../sim-context';

/** The prices the portal offers to switch to: the other paid recurring prices in the same currency. */
export function planChoices(context: SimContext, subscription: Subscription): Price[] {
  const current = subscription.items.data[0]?.price.id;
  return [...context.ledger.prices.values()].filter(
    (price) =>
      price.recurring !== null &&
      price.unit_amount > 0 &&
      price.id !== current &&
      price.currency === subscription.currency,
  );
}

/** The price a schedule will move the subscription to at its period end, if one is planned. */
export function scheduledPrice(context: SimContext, subscription: Subscription): Price | undefined {
  const schedule = context.ledger.schedules.get(subscription.schedule ?? '');
  const next = schedule?.phases.find((phase) => phase.start_date >= currentPeriodEnd(subscription));
  return context.ledger.prices.get(next?.items[0]?.price ?? '');
}

/**
 * A plan change in the portal, configured as Stripe's portal allows (`subscription_update` with
 * `proration_behavior: always_invoice`, and `schedule_at_period_end` for a cheaper price): a dearer
 * price applies now and the difference is invoiced; a cheaper one waits for the period end in a
 * subscription schedule. A pending cancellation or earlier planned change is dropped first.
 */
export function changePlanInPortal(context: SimContext, subscription: Subscription, price: Price): void {
  const { lifecycle, planChange, schedules, ledger } = context;
  const item = subscription.items.data[0];
  if (!item) return;
  const pending = ledger.schedules.get(subscription.schedule ?? '');
  if (pending) schedules.release(pending);
  lifecycle.setCancelAtPeriodEnd(subscription, false);
  if (price.id === item.price.id) return;
  if (price.unit_amount > item.price.unit_amount) {
    planChange.changePrice(subscription, {
      item,
      price,
      quantity: item.quantity,
      proration: 'always_invoice',
    });
    return;
  }
  const schedule = schedules.fromSubscription(subscription);
  schedules.setPhases(
    schedule,
    [
      {
        items: [{ price: item.price, quantity: item.quantity }],
        startDate: currentPeriodStart(subscription),
        endDate: currentPeriodEnd(subscription),
      },
      { items: [{ price, quantity: item.quantity }] },
    ],
    subscription.currency,
  );
}
