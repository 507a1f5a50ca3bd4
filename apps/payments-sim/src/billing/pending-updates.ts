import type { EventLog } from '../ledger/event-log';
import type { Ledger } from '../ledger/ledger';
import type { Invoice, Price, Subscription, SubscriptionItem } from '../ledger/objects';
import type { Charges } from './charges';
import { currentPeriodEnd } from './subscription-periods';

/** Stripe discards a pending update 23 hours after it was made if its invoice is still unpaid. */
export const PENDING_UPDATE_LIFETIME_SECONDS = 23 * 3600;

/**
 * Stripe's pending updates (`payment_behavior: pending_if_incomplete`): a price change whose
 * proration invoice was declined waits in `subscription.pending_update`; the subscription keeps its
 * price and cycles as if nothing had been asked. Paying the invoice applies it
 * (`customer.subscription.pending_update_applied`); at `expires_at` it is discarded
 * (`customer.subscription.pending_update_expired`). The simulator then voids the unpaid proration
 * invoice, so a change that never happened is never charged.
 */
export class PendingUpdates {
  constructor(
    private readonly ledger: Ledger,
    private readonly events: EventLog,
    private readonly charges: Charges,
  ) {}

  /** Holds the change to `price`; its invoice is `subscription.latest_invoice`. */
  hold(
    subscription: Subscription,
    item: SubscriptionItem,
    price: Price,
    quantity: number,
    previous: object,
  ): void {
    const now = this.ledger.clock.nowSeconds();
    subscription.pending_update = {
      billing_cycle_anchor: null,
      cancel_at_period_end: null,
      discount: null,
      discounts: null,
      // Never past the period end: a renewal never meets a change still waiting.
      expires_at: Math.min(now + PENDING_UPDATE_LIFETIME_SECONDS, currentPeriodEnd(subscription)),
      metadata: null,
      subscription_items: [{ ...structuredClone(item), price, quantity }],
      trial_end: null,
      trial_from_plan: null,
    };
    this.events.publish('customer.subscription.updated', subscription, { ...previous, pending_update: null });
  }

  /** Applies the items of the pending update (its invoice has just been paid). */
  apply(subscription: Subscription): void {
    const pending = subscription.pending_update;
    if (!pending) return;
    const previous = { items: structuredClone(subscription.items), pending_update: structuredClone(pending) };
    for (const next of pending.subscription_items) {
      const item = subscription.items.data.find((candidate) => candidate.id === next.id);
      if (item) Object.assign(item, { price: next.price, quantity: next.quantity });
    }
    subscription.pending_update = null;
    this.events.publish('customer.subscription.pending_update_applied', subscription);
    this.events.publish('customer.subscription.updated', subscription, previous);
  }

  /** Discards the pending update and voids its unpaid invoice (expiry, or a newer change). */
  discard(subscription: Subscription): void {
    const pending = subscription.pending_update;
    if (!pending) return;
    subscription.pending_update = null;
    this.events.publish('customer.subscription.pending_update_expired', subscription);
    this.events.publish('customer.subscription.updated', subscription, { pending_update: pending });
    const invoice = this.ledger.invoices.get(subscription.latest_invoice ?? '');
    if (invoice?.status === 'open') this.voidInvoice(invoice);
  }

  /**
   * `invoices.voidInvoice`: voiding the open invoice of a pending update also cancels that update
   * (Stripe: a cancelled pending update is cleared and its changes discarded), so it never applies.
   */
  voidOnRequest(invoice: Invoice): void {
    const waiting = [...this.ledger.subscriptions.values()].find(
      (subscription) => subscription.pending_update && subscription.latest_invoice === invoice.id,
    );
    if (waiting) this.discard(waiting);
    else this.voidInvoice(invoice);
  }

  voidInvoice(invoice: Invoice): void {
    invoice.status = 'void';
    invoice.next_payment_attempt = null;
    invoice.status_transitions.voided_at = this.ledger.clock.nowSeconds();
    this.events.publish('invoice.voided', invoice);
  }

  /** A card that works again: the invoice of each waiting update is charged again, as Stripe does. */
  retryWithFixedCard(customer: string): void {
    for (const subscription of this.ledger.subscriptions.values()) {
      if (subscription.customer !== customer || !subscription.pending_update) continue;
      const invoice = this.ledger.invoices.get(subscription.latest_invoice ?? '');
      if (invoice?.status === 'open' && this.charges.attempt(invoice, false) === 'paid')
        this.apply(subscription);
    }
  }

  /** The subscription whose pending update expires first, if by `seconds`. */
  firstExpiryDue(seconds: number): Subscription | undefined {
    return [...this.ledger.subscriptions.values()]
      .filter((subscription) => (subscription.pending_update?.expires_at ?? Infinity) <= seconds)
      .sort((a, b) => (a.pending_update?.expires_at ?? 0) - (b.pending_update?.expires_at ?? 0))[0];
  }
}
