import type { Metadata, StripeObjectBase } from './objects';

/** Stripe's `invoice_payment`: the payment intent that paid an invoice. */
export interface InvoicePayment extends StripeObjectBase {
  object: 'invoice_payment';
  amount_paid: number;
  amount_requested: number;
  currency: string;
  invoice: string;
  is_default: true;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'paid';
  status_transitions: { canceled_at: null; paid_at: number };
}

export interface Refund extends StripeObjectBase {
  object: 'refund';
  amount: number;
  charge: null;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  status: 'succeeded';
}
