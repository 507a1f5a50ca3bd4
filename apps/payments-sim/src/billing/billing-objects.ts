import type {
  CheckoutSession,
  Customer,
  Invoice,
  InvoiceLine,
  PaymentIntent,
  Price,
  Subscription,
  SubscriptionItem,
} from '../ledger/objects';
import { newId, randomBase62 } from '../wire/ids';
import { periodEnd } from './period';

/** Builders of the objects a payment creates, with Stripe's field set and defaults. */
export function newCustomer(
  now: number,
  fields: Pick<Customer, 'email' | 'name' | 'description' | 'metadata'>,
): Customer {
  return {
    id: newId('cus'),
    object: 'customer',
    created: now,
    livemode: false,
    balance: 0,
    currency: null,
    delinquent: false,
    invoice_prefix: randomBase62(8).toUpperCase(),
    ...fields,
  };
}

function newSubscriptionItem(
  subscription: string,
  price: Price,
  quantity: number,
  now: number,
): SubscriptionItem {
  return {
    id: newId('si'),
    object: 'subscription_item',
    created: now,
    livemode: false,
    current_period_start: now,
    current_period_end: periodEnd(now, price.recurring?.interval ?? 'month'),
    metadata: {},
    price,
    quantity,
    subscription,
  };
}

export function newSubscription(
  session: CheckoutSession,
  customer: string,
  prices: Price[],
  now: number,
): Subscription {
  const id = newId('sub');
  const items = session._items.map((item, index) =>
    newSubscriptionItem(id, prices[index] as Price, item.quantity, now),
  );
  return {
    id,
    object: 'subscription',
    created: now,
    livemode: false,
    billing_cycle_anchor: now,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    currency: session.currency,
    customer,
    ended_at: null,
    items: { object: 'list', data: items, has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    metadata: { ...session._subscriptionMetadata },
    start_date: now,
    // Checkout makes the subscription before the first charge, then activates it once that is paid.
    status: 'incomplete',
    trial_end: null,
    trial_start: null,
  };
}

function invoiceLine(item: SubscriptionItem): InvoiceLine {
  return {
    id: newId('il'),
    object: 'line_item',
    amount: item.price.unit_amount * item.quantity,
    currency: item.price.currency,
    description: `${item.quantity} × ${item.price.nickname ?? item.price.product}`,
    period: { start: item.current_period_start, end: item.current_period_end },
    pricing: {
      type: 'price_details',
      price_details: { price: item.price.id, product: item.price.product },
      unit_amount_decimal: item.price.unit_amount_decimal,
    },
    quantity: item.quantity,
  };
}

/** The invoice of one period of `subscription`, paid or left open (a failed charge). */
export function newInvoice(
  subscription: Subscription,
  reason: Invoice['billing_reason'],
  paid: boolean,
  now: number,
): Invoice {
  const id = newId('in');
  const lines = subscription.items.data.map(invoiceLine);
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const first = subscription.items.data[0];
  return {
    id,
    object: 'invoice',
    created: now,
    livemode: false,
    amount_due: total,
    amount_paid: paid ? total : 0,
    amount_remaining: paid ? 0 : total,
    attempt_count: 1,
    attempted: true,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    currency: subscription.currency,
    customer: subscription.customer,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    metadata: {},
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
    },
    period_start: first?.current_period_start ?? now,
    period_end: first?.current_period_end ?? now,
    status: paid ? 'paid' : 'open',
    status_transitions: { finalized_at: now, paid_at: paid ? now : null },
    subtotal: total,
    total,
  };
}

/** The charge of an open invoice succeeded. */
export function markInvoicePaid(invoice: Invoice, now: number): void {
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.status = 'paid';
  invoice.status_transitions.paid_at = now;
}

export function newPaymentIntent(session: CheckoutSession, now: number): PaymentIntent {
  return {
    id: newId('pi'),
    object: 'payment_intent',
    created: now,
    livemode: false,
    amount: session.amount_total,
    amount_received: session.amount_total,
    currency: session.currency,
    customer: session.customer,
    metadata: { ...session.metadata },
    payment_method_types: ['card'],
    status: 'succeeded',
  };
}
