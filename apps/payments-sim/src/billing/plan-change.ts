import type { EventLog } from '../ledger/event-log';
import type { Ledger } from '../ledger/ledger';
import type { InvoiceLine, Price, Subscription, SubscriptionItem } from '../ledger/objects';
import { cardDeclined } from '../wire/stripe-error';
import type { Charges } from './charges';
import { invoiceLine, type Invoicing } from './invoicing';
import type { PendingUpdates } from './pending-updates';

/** `proration_behavior` of `subscriptions.update`; Stripe's default is `create_prorations`. */
export type ProrationBehavior = 'always_invoice' | 'create_prorations' | 'none';

function day(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/**
 * Stripe's proration of a price change at `now`: a credit for the unused time on the old price and a
 * charge for the rest of the period on the new one, both over [now, period end).
 */
export function prorationLines(
  item: SubscriptionItem,
  price: Price,
  quantity: number,
  now: number,
): InvoiceLine[] {
  const start = item.current_period_start;
  const end = item.current_period_end;
  const left = end > start ? Math.max(0, end - now) / (end - start) : 0;
  const period = { start: now, end };
  const name = (of: Price): string => of.nickname ?? of.product;
  const credit = invoiceLine(
    item.price,
    item.quantity,
    period,
    -Math.round(item.price.unit_amount * item.quantity * left),
    `Unused time on ${name(item.price)} after ${day(now)}`,
  );
  const charge = invoiceLine(
    price,
    quantity,
    period,
    Math.round(price.unit_amount * quantity * left),
    `Remaining time on ${name(price)} after ${day(now)}`,
  );
  return [credit, charge].map((line) => ({ ...line, proration: true }));
}

/** `payment_behavior` of `subscriptions.update`; Stripe's default is `allow_incomplete`. */
export type PaymentBehavior =
  'allow_incomplete' | 'default_incomplete' | 'error_if_incomplete' | 'pending_if_incomplete';

/** What `subscriptions.update` asks of the item: its new price, quantity, and how to bill it. */
export interface PriceChange {
  readonly item: SubscriptionItem;
  readonly price: Price;
  readonly quantity: number;
  readonly proration: ProrationBehavior;
  readonly paymentBehavior?: PaymentBehavior | undefined;
  /** `proration_date`: the moment the proration is computed at (default now). */
  readonly prorationDate?: number | undefined;
}

/** A price change of a subscription's item at once (`subscriptions.update` with `items[0][price]`). */
export class PlanChange {
  constructor(
    private readonly ledger: Ledger,
    private readonly events: EventLog,
    private readonly invoicing: Invoicing,
    private readonly charges: Charges,
    private readonly pending: PendingUpdates,
  ) {}

  /**
   * Moves the item to the new price. `always_invoice` bills the proration at once: with
   * `pending_if_incomplete` the change applies only once that invoice is paid (declined: held in
   * `pending_update` and answered 402 `card_declined`), otherwise it applies anyway and a declined
   * card leaves the invoice open and the subscription `past_due`. `create_prorations` adds the
   * proration to the next renewal; `none` bills nothing until the renewal.
   */
  changePrice(subscription: Subscription, change: PriceChange): void {
    const { item, price, quantity, proration } = change;
    if (item.price.id === price.id && item.quantity === quantity) return;
    // A newer change replaces one still waiting for its payment.
    this.pending.discard(subscription);
    const now = change.prorationDate ?? this.ledger.clock.nowSeconds();
    const previous = {
      items: structuredClone(subscription.items),
      latest_invoice: subscription.latest_invoice,
    };
    const lines = proration === 'none' ? [] : prorationLines(item, price, quantity, now);
    if (proration === 'always_invoice' && change.paymentBehavior === 'pending_if_incomplete') {
      this.changeOncePaid(subscription, change, lines, previous);
      return;
    }
    item.price = price;
    item.quantity = quantity;
    if (proration === 'create_prorations') {
      subscription._pendingLines = [...(subscription._pendingLines ?? []), ...lines];
      this.events.publish('customer.subscription.updated', subscription, { items: previous.items });
      return;
    }
    const invoice =
      proration === 'always_invoice'
        ? this.invoicing.issue(subscription, 'subscription_update', lines)
        : undefined;
    this.events.publish(
      'customer.subscription.updated',
      subscription,
      invoice ? previous : { items: previous.items },
    );
    if (invoice && this.charges.attempt(invoice) !== 'paid' && subscription.status === 'active') {
      subscription.status = 'past_due';
      this.events.publish('customer.subscription.updated', subscription, { status: 'active' });
    }
  }

  private changeOncePaid(
    subscription: Subscription,
    change: PriceChange,
    lines: InvoiceLine[],
    previous: Pick<Subscription, 'items' | 'latest_invoice'>,
  ): void {
    const invoice = this.invoicing.issue(subscription, 'subscription_update', lines);
    if (this.charges.attempt(invoice, false) === 'paid') {
      change.item.price = change.price;
      change.item.quantity = change.quantity;
      this.events.publish('customer.subscription.updated', subscription, previous);
      return;
    }
    this.pending.hold(subscription, change.item, change.price, change.quantity, {
      latest_invoice: previous.latest_invoice,
    });
    throw cardDeclined();
  }
}
