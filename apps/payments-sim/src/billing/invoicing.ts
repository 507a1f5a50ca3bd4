import type { Ledger } from '../ledger/ledger';
import type { Invoice, InvoiceLine, Price, Subscription, SubscriptionItem } from '../ledger/objects';
import { newId } from '../wire/ids';

/** One line of an invoice: an amount for a price over a period. */
export function invoiceLine(
  price: Price,
  quantity: number,
  period: { start: number; end: number },
  amount = price.unit_amount * quantity,
  description = `${quantity} × ${price.nickname ?? price.product}`,
): InvoiceLine {
  return {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: price.currency,
    description,
    period,
    pricing: {
      type: 'price_details',
      price_details: { price: price.id, product: price.product },
      unit_amount_decimal: price.unit_amount_decimal,
    },
    proration: false,
    quantity,
  };
}

/** The line for one full period of a subscription item. */
export function periodLine(item: SubscriptionItem): InvoiceLine {
  return invoiceLine(item.price, item.quantity, {
    start: item.current_period_start,
    end: item.current_period_end,
  });
}

/** What an invoice tells that is not its money: its standing, number, hosted page and period. */
type InvoiceStanding =
  'billing_reason' | 'hosted_invoice_url' | 'number' | 'period_start' | 'period_end' | 'status';

/**
 * What an issued invoice and a preview share: `lines` and their money (a negative total is owed as
 * 0), for the subscription's customer; `prorationDetails` go to the subscription in `parent`.
 */
export function invoiceFields(
  id: string,
  subscription: Subscription,
  lines: InvoiceLine[],
  now: number,
  prorationDetails: { subscription_proration_date?: number } = {},
): Omit<Invoice, InvoiceStanding> {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const owed = Math.max(total, 0);
  return {
    id,
    object: 'invoice',
    created: now,
    livemode: false,
    amount_due: owed,
    amount_paid: 0,
    amount_remaining: owed,
    attempt_count: 0,
    attempted: false,
    collection_method: 'charge_automatically',
    currency: subscription.currency,
    customer: subscription.customer,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    metadata: {},
    next_payment_attempt: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        subscription: subscription.id,
        metadata: { ...subscription.metadata },
        ...prorationDetails,
      },
    },
    status_transitions: { finalized_at: now, paid_at: null, voided_at: null },
    subtotal: total,
    total,
  };
}

/**
 * Issues (finalizes) invoices as Stripe numbers them: the customer's `invoice_prefix` and a sequence
 * per customer (`ABCD1234-0001`), with a hosted page at `hosted_invoice_url`. A negative total (a
 * credit from a downgrade) is owed as 0 and goes to the customer's balance.
 */
export class Invoicing {
  constructor(private readonly ledger: Ledger) {}

  issue(
    subscription: Subscription,
    reason: Invoice['billing_reason'],
    lines: InvoiceLine[] = subscription.items.data.map(periodLine),
  ): Invoice {
    const now = this.ledger.clock.nowSeconds();
    const id = newId('in');
    const customer = this.ledger.customers.get(subscription.customer);
    const first = subscription.items.data[0];
    const invoice: Invoice = {
      ...invoiceFields(id, subscription, lines, now),
      billing_reason: reason,
      hosted_invoice_url: `${this.ledger.publicUrl()}/i/${id}`,
      number: this.nextNumber(subscription.customer, customer?.invoice_prefix ?? 'INVOICE'),
      period_start: first?.current_period_start ?? now,
      period_end: first?.current_period_end ?? now,
      status: 'open',
    };
    if (customer && invoice.total < 0) customer.balance += invoice.total;
    this.ledger.invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  private nextNumber(customer: string, prefix: string): string {
    const issued = [...this.ledger.invoices.values()].filter((invoice) => invoice.customer === customer);
    return `${prefix}-${String(issued.length + 1).padStart(4, '0')}`;
  }
}
