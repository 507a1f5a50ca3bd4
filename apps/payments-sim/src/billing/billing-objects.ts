import type {
  CheckoutSession,
  Customer,
  Invoice,
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
    pending_update: null,
    schedule: null,
    start_date: now,
    // Checkout makes the subscription before the first charge, then activates it once that is paid.
    status: 'incomplete',
    trial_end: null,
    trial_start: null,
  };
}

/** The charge of an open invoice succeeded. */
export function markInvoicePaid(invoice: Invoice, now: number): void {
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.status = 'paid';
  invoice.status_transitions.paid_at = now;
  invoice.next_payment_attempt = null;
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
