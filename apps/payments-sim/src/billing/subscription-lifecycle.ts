import type { EventLog } from '../ledger/event-log';
import type { Ledger } from '../ledger/ledger';
import type { Subscription } from '../ledger/objects';
import { newInvoice } from './billing-objects';
import { periodEnd } from './period';

/** The end of a subscription's current period (every item shares it here). */
export function currentPeriodEnd(subscription: Subscription): number {
  return subscription.items.data[0]?.current_period_end ?? subscription.start_date;
}

const isLive = (subscription: Subscription): boolean => subscription.status !== 'canceled';

/** How subscriptions move: cancellation (now or at period end), renewals paid or failed, the clock. */
export class SubscriptionLifecycle {
  private readonly failingRenewals = new Set<string>();

  constructor(
    private readonly ledger: Ledger,
    private readonly events: EventLog,
  ) {}

  setCancelAtPeriodEnd(subscription: Subscription, cancel: boolean): void {
    if (subscription.cancel_at_period_end === cancel) return;
    const previous = {
      cancel_at_period_end: subscription.cancel_at_period_end,
      cancel_at: subscription.cancel_at,
      canceled_at: subscription.canceled_at,
      cancellation_details: { ...subscription.cancellation_details },
    };
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? currentPeriodEnd(subscription) : null;
    subscription.canceled_at = cancel ? this.ledger.clock.nowSeconds() : null;
    subscription.cancellation_details.reason = cancel ? 'cancellation_requested' : null;
    this.events.publish('customer.subscription.updated', subscription, previous);
  }

  cancelNow(subscription: Subscription): void {
    if (!isLive(subscription)) return;
    const now = this.ledger.clock.nowSeconds();
    this.end(subscription, now, now);
  }

  /** The next renewal's charge fails: the invoice stays open and the subscription goes `past_due`. */
  failNextRenewal(subscription: Subscription): void {
    this.failingRenewals.add(subscription.id);
  }

  /** Moves the clock to `seconds`, ending or renewing every period that ends by then, in time order. */
  advanceTo(seconds: number): void {
    for (;;) {
      const due = [...this.ledger.subscriptions.values()]
        .filter((subscription) => isLive(subscription) && currentPeriodEnd(subscription) <= seconds)
        .sort((a, b) => currentPeriodEnd(a) - currentPeriodEnd(b))[0];
      if (!due) break;
      this.ledger.clock.advanceTo(currentPeriodEnd(due));
      this.closePeriod(due);
    }
    this.ledger.clock.advanceTo(seconds);
  }

  reset(): void {
    this.failingRenewals.clear();
  }

  private closePeriod(subscription: Subscription): void {
    const end = currentPeriodEnd(subscription);
    if (subscription.cancel_at_period_end) this.end(subscription, end, subscription.canceled_at ?? end);
    else this.renew(subscription, end);
  }

  private end(subscription: Subscription, endedAt: number, canceledAt: number): void {
    subscription.status = 'canceled';
    subscription.ended_at = endedAt;
    subscription.canceled_at = canceledAt;
    subscription.cancellation_details.reason ??= 'cancellation_requested';
    this.failingRenewals.delete(subscription.id);
    this.events.publish('customer.subscription.deleted', subscription);
  }

  private renew(subscription: Subscription, start: number): void {
    const previous = {
      status: subscription.status,
      latest_invoice: subscription.latest_invoice,
      items: structuredClone(subscription.items),
    };
    for (const item of subscription.items.data) {
      item.current_period_start = start;
      item.current_period_end = periodEnd(start, item.price.recurring?.interval ?? 'month');
    }
    const fails = this.failingRenewals.delete(subscription.id);
    const invoice = newInvoice(subscription, 'subscription_cycle', !fails, start);
    this.ledger.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    subscription.status = fails ? 'past_due' : 'active';
    this.events.publish(fails ? 'invoice.payment_failed' : 'invoice.paid', invoice);
    this.events.publish('customer.subscription.updated', subscription, previous);
  }
}
