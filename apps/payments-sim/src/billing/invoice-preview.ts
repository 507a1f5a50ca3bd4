import type { Ledger } from '../ledger/ledger';
import type { Invoice, InvoiceLine, Subscription } from '../ledger/objects';
import { newId } from '../wire/ids';
import { periodEnd } from './period';
import { type PriceChange, prorationLines } from './plan-change';
import { invoiceFields, invoiceLine } from './invoicing';
import { currentPeriodEnd } from './subscription-periods';

/** `invoices.createPreview`'s answer: an invoice not finalized, never stored, without number or page. */
export type InvoicePreview = Omit<Invoice, 'number' | 'hosted_invoice_url' | 'billing_reason' | 'status'> & {
  number: null;
  hosted_invoice_url: null;
  billing_reason: 'upcoming';
  status: 'draft';
};

/** The next renewal's lines: prorations still to bill, then a period of each item (at its new price). */
function renewalLines(
  subscription: Subscription,
  change: PriceChange | undefined,
  now: number,
): InvoiceLine[] {
  const start = currentPeriodEnd(subscription);
  const prorations =
    change?.proration === 'create_prorations'
      ? prorationLines(change.item, change.price, change.quantity, now)
      : [];
  const periods = subscription.items.data.map((item) => {
    const [price, quantity] =
      change?.item.id === item.id ? [change.price, change.quantity] : [item.price, item.quantity];
    return invoiceLine(price, quantity, {
      start,
      end: periodEnd(start, price.recurring?.interval ?? 'month'),
    });
  });
  return [...(subscription._pendingLines ?? []), ...prorations, ...periods];
}

/**
 * What Stripe would bill (`POST /v1/invoices/create_preview` with `subscription` and
 * `subscription_details`): with `proration_behavior: always_invoice` and a price change, the
 * proration invoice the update would issue now (computed at `proration_date`, default now, which the
 * answer names in `parent.subscription_details.subscription_proration_date`); otherwise the next
 * renewal invoice.
 */
export function previewInvoice(
  ledger: Ledger,
  subscription: Subscription,
  change: PriceChange | undefined,
): InvoicePreview {
  const now = ledger.clock.nowSeconds();
  const prorationDate = change?.prorationDate ?? now;
  const prorateNow = change?.proration === 'always_invoice';
  const lines = prorateNow
    ? prorationLines(change.item, change.price, change.quantity, prorationDate)
    : renewalLines(subscription, change, prorationDate);
  const prorationDetails =
    change && change.proration !== 'none' ? { subscription_proration_date: prorationDate } : {};
  return draftInvoice(subscription, lines, now, prorationDetails);
}

function draftInvoice(
  subscription: Subscription,
  lines: InvoiceLine[],
  now: number,
  prorationDetails: { subscription_proration_date?: number },
): InvoicePreview {
  return {
    ...invoiceFields(`upcoming_${newId('in')}`, subscription, lines, now, prorationDetails),
    billing_reason: 'upcoming',
    hosted_invoice_url: null,
    number: null,
    period_start: lines[0]?.period.start ?? now,
    period_end: lines[0]?.period.end ?? now,
    status: 'draft',
  };
}
