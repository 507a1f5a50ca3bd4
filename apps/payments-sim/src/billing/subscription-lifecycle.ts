import type { EventLog } from '../ledger/event-log';
import type { Ledger } from '../ledger/ledger';
import type { Invoice, Subscription } from '../ledger/objects';
import type { Charges } from './charges';
import type { PendingUpdates } from './pending-updates';
import type { Invoicing } from './invoicing';
import { periodLine } from './invoicing';
import { periodEnd } from './period';
import type { SubscriptionSchedules } from './schedules';
import { currentPeriodEnd } from './subscription-periods';

export { currentPeriodEnd } from './subscription-periods';

const isLive = (subscription: Subscription): boolean => subscription.status !== 'canceled';

/**
 * How subscriptions move with the clock: cancellation (now or at period end), renewals paid or
 * declined, the retries of a declined invoice (dunning) and the phases of a schedule.
 */
export class SubscriptionLifecycle {
  constructor(
    private readonly ledger: Ledger,
    private readonly events: EventLog,
    private readonly invoicing: Invoicing,
    private readonly charges: Charges,
    private readonly schedules: SubscriptionSchedules,
    private readonly pending: PendingUpdates,
  ) {}

  /** The customer's card works again: the next retry is paid, and a waiting update's invoice now. */
  fixCardOf(customer: string): void {
    this.charges.fixCardOf(customer);
    this.pending.retryWithFixedCard(customer);
  }

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

  cancelNow(
    subscription: Subscription,
    reason: 'cancellation_requested' | 'payment_failed' = 'cancellation_requested',
  ): void {
    if (!isLive(subscription)) return;
    const now = this.ledger.clock.nowSeconds();
    subscription.cancellation_details.reason ??= reason;
    this.end(subscription, now, now);
  }

  /** The card of the subscription's customer declines from the next charge on, until it is fixed. */
  failNextRenewal(subscription: Subscription): void {
    this.charges.declineCardOf(subscription.customer);
  }

  /**
   * Moves the clock to `seconds`, handling in time order every pending update that expires, every
   * period that ends and every retry of a declined invoice that falls due on the way.
   */
  advanceTo(seconds: number): void {
    for (let next = this.nextDue(seconds); next; next = this.nextDue(seconds)) {
      this.ledger.clock.advanceTo(next.at);
      next.run();
    }
    this.ledger.clock.advanceTo(seconds);
  }

  /** The first thing the clock meets by `seconds` (an expiry first, then a retry, then a period end). */
  private nextDue(seconds: number): { at: number; run: () => void } | undefined {
    const expiring = this.pending.firstExpiryDue(seconds);
    const due = [...this.ledger.subscriptions.values()]
      .filter((subscription) => isLive(subscription) && currentPeriodEnd(subscription) <= seconds)
      .sort((a, b) => currentPeriodEnd(a) - currentPeriodEnd(b))[0];
    const retry = this.charges.firstRetryDue(seconds, (id) => {
      const subscription = this.ledger.subscriptions.get(id);
      return subscription !== undefined && isLive(subscription);
    });
    const candidates = [
      expiring && {
        at: expiring.pending_update?.expires_at ?? seconds,
        run: () => {
          this.pending.discard(expiring);
        },
      },
      retry && {
        at: retry.next_payment_attempt ?? seconds,
        run: () => {
          this.retry(retry);
        },
      },
      due && {
        at: currentPeriodEnd(due),
        run: () => {
          this.closePeriod(due);
        },
      },
    ].filter((candidate) => candidate !== undefined);
    return candidates.reduce<(typeof candidates)[number] | undefined>(
      (first, candidate) => (!first || candidate.at < first.at ? candidate : first),
      undefined,
    );
  }

  reset(): void {
    this.charges.reset();
  }

  private closePeriod(subscription: Subscription): void {
    const end = currentPeriodEnd(subscription);
    const cancel =
      subscription.cancel_at_period_end || this.schedules.applyAt(subscription, end) === 'cancel';
    if (cancel) this.end(subscription, end, subscription.canceled_at ?? end);
    else this.renew(subscription, end);
  }

  private end(subscription: Subscription, endedAt: number, canceledAt: number): void {
    this.pending.discard(subscription);
    subscription.status = 'canceled';
    subscription.ended_at = endedAt;
    subscription.canceled_at = canceledAt;
    subscription.cancellation_details.reason ??= 'cancellation_requested';
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
    const lines = [...(subscription._pendingLines ?? []), ...subscription.items.data.map(periodLine)];
    subscription._pendingLines = [];
    const invoice = this.invoicing.issue(subscription, 'subscription_cycle', lines);
    const outcome = this.charges.attempt(invoice);
    // A renewal of a subscription already behind stays past_due until its older invoice is paid too.
    if (outcome !== 'paid') subscription.status = 'past_due';
    this.events.publish('customer.subscription.updated', subscription, previous);
    if (outcome === 'retries-exhausted') this.giveUp(subscription);
  }

  /** A retry of a declined invoice: paid brings the subscription back to active. */
  private retry(invoice: Invoice): void {
    const subscription = this.ledger.subscriptions.get(invoice.parent.subscription_details.subscription);
    if (!subscription) return;
    const outcome = this.charges.attempt(invoice);
    if (outcome === 'paid' && subscription.status !== 'active' && !this.owesMore(subscription)) {
      const status = subscription.status;
      subscription.status = 'active';
      this.events.publish('customer.subscription.updated', subscription, { status });
    }
    if (outcome === 'retries-exhausted') this.giveUp(subscription);
  }

  private owesMore(subscription: Subscription): boolean {
    return [...this.ledger.invoices.values()].some(
      (invoice) =>
        invoice.status === 'open' && invoice.parent.subscription_details.subscription === subscription.id,
    );
  }

  /** Every retry failed: Stripe's "if all retries fail" setting decides the subscription's fate. */
  private giveUp(subscription: Subscription): void {
    const { whenExhausted } = this.charges.policy;
    if (whenExhausted === 'cancel') this.cancelNow(subscription, 'payment_failed');
    else if (whenExhausted === 'unpaid' && subscription.status !== 'unpaid') {
      const status = subscription.status;
      subscription.status = 'unpaid';
      this.events.publish('customer.subscription.updated', subscription, { status });
    }
  }
}
