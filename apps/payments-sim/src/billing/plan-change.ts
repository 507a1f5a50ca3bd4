import type { EventLog } from '../ledger/event-log';
import type { Ledger } from '../ledger/ledger';
import type { InvoiceLine, Price, Subscription, SubscriptionItem } from '../ledger/objects';
import type { Charges } from './charges';
import { invoiceLine, type Invoicing } from './invoicing';

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

/** A price change of a subscription's item at once (`subscriptions.update` with `items[0][price]`). */
export class PlanChange {
  constructor(
    private readonly ledger: Ledger,
    private readonly events: EventLog,
    private readonly invoicing: Invoicing,
    private readonly charges: Charges,
  ) {}

  /**
   * Moves the item to `price` now. `always_invoice` bills the proration at once (a declined card
   * leaves the invoice open and the subscription `past_due`); `create_prorations` adds it to the next
   * renewal; `none` bills nothing until the renewal.
   */
  changePrice(
    subscription: Subscription,
    item: SubscriptionItem,
    price: Price,
    quantity: number,
    proration: ProrationBehavior,
  ): void {
    if (item.price.id === price.id && item.quantity === quantity) return;
    const now = this.ledger.clock.nowSeconds();
    const previous = {
      items: structuredClone(subscription.items),
      latest_invoice: subscription.latest_invoice,
    };
    const lines = proration === 'none' ? [] : prorationLines(item, price, quantity, now);
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
}
