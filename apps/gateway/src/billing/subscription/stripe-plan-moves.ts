import Stripe from 'stripe';
import { ApiException } from '../../errors/api-exception';
import type { Plan } from '../../entitlements';
import { fromStripe } from '../stripe/stripe-call';

function idOf(value: string | { id?: string } | null): string {
  return typeof value === 'string' ? value : (value?.id ?? 'none');
}

function declined(to: Plan): ApiException {
  return ApiException.paymentRequired(
    `The card was declined for the prorated charge of ${to.name}; the plan is unchanged. Update the card in the billing portal and try again.`,
  );
}

/** The subscription's one item (every plan subscription has exactly one). */
export function itemOf(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`subscription ${subscription.id} has no item`);
  return item;
}

/**
 * The Stripe calls of a plan change, each as Stripe documents it: an upgrade through
 * `subscriptions.update` with `proration_behavior: always_invoice` (the difference charged now)
 * and `payment_behavior: pending_if_incomplete` (applied only once that charge is paid), a
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

  /**
   * An upgrade that applies once its prorated charge is paid (`pending_if_incomplete`): a declined
   * card leaves the subscription as it was (Stripe answers 402, or holds the change in
   * `pending_update`), its invoice is voided and this answers 402. `prorationDate` is the previewed one,
   * so the charge is the amount shown.
   */
  async upgradeOncePaid(
    subscription: Stripe.Subscription,
    to: Plan & { stripePriceId: string },
    prorationDate?: number,
  ): Promise<void> {
    const item = itemOf(subscription);
    const latest = idOf(subscription.latest_invoice);
    let updated: Stripe.Subscription;
    try {
      updated = await this.stripe.subscriptions.update(
        subscription.id,
        {
          items: [{ id: item.id, price: to.stripePriceId }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'pending_if_incomplete',
          ...(prorationDate === undefined ? {} : { proration_date: prorationDate }),
        },
        // A retried request replays; after a decline the latest invoice differs, so a new try charges anew.
        {
          idempotencyKey: `pds-upgrade-${item.id}-${item.price.id}-${to.stripePriceId}-${latest}-${prorationDate ?? item.current_period_start}`,
        },
      );
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeCardError))
        return fromStripe(Promise.reject(error as Error));
      updated = await fromStripe(this.stripe.subscriptions.retrieve(subscription.id));
    }
    if (!updated.pending_update) return;
    await this.voidDeclined(updated, latest);
    throw declined(to);
  }

  /**
   * Voids the open invoice of a declined change at once (CONTRACT section 10), which also cancels
   * Stripe's pending update: fixing the card later never charges or applies it.
   */
  private async voidDeclined(subscription: Stripe.Subscription, before: string): Promise<void> {
    const invoiceId = idOf(subscription.latest_invoice);
    if (invoiceId === before || invoiceId === 'none') return;
    const invoice = await fromStripe(this.stripe.invoices.retrieve(invoiceId));
    if (invoice.status === 'open') await fromStripe(this.stripe.invoices.voidInvoice(invoiceId));
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
