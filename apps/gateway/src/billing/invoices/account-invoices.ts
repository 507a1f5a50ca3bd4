import { Inject, Injectable } from '@nestjs/common';
import { AccountBilling } from '@pds/billing';
import type Stripe from 'stripe';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { fromStripe, requireStripe } from '../stripe/stripe-call';
import { STRIPE, type StripeClient } from '../stripe/stripe.provider';
import { minorUnitsToDecimal } from './minor-units';

/** How many invoices the API shows: two years of monthly renewals and then some. */
const INVOICES_SHOWN = 36;

/** One invoice as GET /api/v1/billing/invoices shows it. */
export interface InvoiceView {
  readonly id: string;
  readonly number: string | null;
  readonly createdAt: string;
  readonly amount: string;
  readonly currency: string;
  readonly status: string;
  readonly url: string | null;
  /** ISO 8601: when Stripe charges an open invoice again; null when it will not. */
  readonly nextPaymentAttempt: string | null;
}

function viewOf(invoice: Stripe.Invoice): InvoiceView {
  return {
    id: invoice.id,
    number: invoice.number,
    createdAt: new Date(invoice.created * 1000).toISOString(),
    amount: minorUnitsToDecimal(invoice.amount_due, invoice.currency),
    currency: invoice.currency,
    status: invoice.status ?? 'draft',
    url: invoice.hosted_invoice_url ?? null,
    nextPaymentAttempt:
      invoice.status === 'open' && invoice.next_payment_attempt
        ? new Date(invoice.next_payment_attempt * 1000).toISOString()
        : null,
  };
}

/** The account's invoices, read from Stripe each time (Stripe is their record), newest first. */
@Injectable()
export class AccountInvoices {
  constructor(
    @Inject(STRIPE) private readonly stripe: StripeClient,
    private readonly billing: AccountBilling,
  ) {}

  async of(accountId: string): Promise<InvoiceView[]> {
    const stripe = requireStripe(this.stripe);
    const customer = await fromStorage(this.billing.customerOfAccount(accountId));
    if (!customer) return [];
    const list = await fromStripe(stripe.invoices.list({ customer, limit: INVOICES_SHOWN }));
    // Stripe lists newest first; the sort keeps that order among invoices of the same second.
    return list.data
      .filter((invoice) => invoice.status !== 'draft')
      .sort((a, b) => b.created - a.created)
      .map(viewOf);
  }
}
