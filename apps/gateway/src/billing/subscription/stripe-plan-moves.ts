import type Stripe from 'stripe';
import { fromStripe } from '../stripe/stripe-call';

/** The subscription's one item (every plan subscription has exactly one). */
export function itemOf(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`subscription ${subscription.id} has no item`);
  return item;
}

/**
 * The Stripe calls of a plan change, each as Stripe documents it: an upgrade through
 * `subscriptions.update` with `proration_behavior: always_invoice` (the difference charged now), a
 * downgrade through a subscription schedule whose next phase starts at the period end, `free`
 * through `cancel_at_period_end`. Idempotency keys name the state a call starts from, so a retried
 * request cannot charge or schedule twice.
 */
export class StripePlanMoves {
  constructor(private readonly stripe: Stripe) {}

  /** Drops a planned change: the schedule released, a cancellation at the period end withdrawn. */
  async clearPending(subscription: Stripe.Subscription): Promise<void> {
    const schedule = subscription.schedule;
    const scheduleId = typeof schedule === 'string' ? schedule : schedule?.id;
    const active = typeof schedule === 'object' ? schedule?.status === 'active' : Boolean(schedule);
    if (scheduleId && active) await fromStripe(this.stripe.subscriptionSchedules.release(scheduleId));
    if (subscription.cancel_at_period_end)
      await fromStripe(this.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false }));
  }

  async upgradeNow(subscription: Stripe.Subscription, priceId: string): Promise<void> {
    const item = itemOf(subscription);
    await fromStripe(
      this.stripe.subscriptions.update(
        subscription.id,
        { items: [{ id: item.id, price: priceId }], proration_behavior: 'always_invoice' },
        { idempotencyKey: `pds-upgrade-${item.id}-${item.price.id}-${priceId}-${item.current_period_start}` },
      ),
    );
  }

  async downgradeAtPeriodEnd(subscription: Stripe.Subscription, priceId: string): Promise<void> {
    const item = itemOf(subscription);
    const schedule = await fromStripe(
      this.stripe.subscriptionSchedules.create({ from_subscription: subscription.id }),
    );
    const current = schedule.phases[0];
    await fromStripe(
      this.stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        phases: [
          {
            items: [{ price: item.price.id, quantity: item.quantity ?? 1 }],
            start_date: current?.start_date ?? item.current_period_start,
            end_date: current?.end_date ?? item.current_period_end,
          },
          { items: [{ price: priceId, quantity: item.quantity ?? 1 }] },
        ],
      }),
    );
  }

  async endAtPeriodEnd(subscription: Stripe.Subscription): Promise<void> {
    await fromStripe(this.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }));
  }
}
