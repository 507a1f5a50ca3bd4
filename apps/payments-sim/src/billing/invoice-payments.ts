import type { EventLog } from '../ledger/event-log';
import type { Ledger } from '../ledger/ledger';
import type { Invoice, PaymentIntent } from '../ledger/objects';
import type { InvoicePayment, Refund } from '../ledger/payment-objects';
import { newId } from '../wire/ids';
import { noSuch, StripeError } from '../wire/stripe-error';
import { markInvoicePaid } from './billing-objects';

/**
 * An invoice paid by card leaves a payment intent behind, linked to the invoice by an
 * `invoice_payment` (Stripe's API since 2025-03-31), and that payment intent is what a refund
 * names (`refunds.create({payment_intent})`).
 */
export class InvoicePayments {
  constructor(
    private readonly ledger: Ledger,
    private readonly events: EventLog,
  ) {}

  /** Marks the invoice paid; a charge of more than nothing is recorded as its payment intent. */
  pay(invoice: Invoice, now: number): void {
    markInvoicePaid(invoice, now);
    if (invoice.amount_paid === 0) return;
    const intent: PaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      created: now,
      livemode: false,
      amount: invoice.amount_paid,
      amount_received: invoice.amount_paid,
      currency: invoice.currency,
      customer: invoice.customer,
      metadata: {},
      payment_method_types: ['card'],
      status: 'succeeded',
    };
    this.ledger.paymentIntents.set(intent.id, intent);
    const payment: InvoicePayment = {
      id: newId('inpay'),
      object: 'invoice_payment',
      created: now,
      livemode: false,
      amount_paid: invoice.amount_paid,
      amount_requested: invoice.amount_due,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      payment: { type: 'payment_intent', payment_intent: intent.id },
      status: 'paid',
      status_transitions: { canceled_at: null, paid_at: now },
    };
    this.ledger.invoicePayments.set(payment.id, payment);
  }

  /** `refunds.create`: the whole payment intent by default, never more than is left of it. */
  refund(paymentIntentId: string, amount: number | undefined, reason: Refund['reason']): Refund {
    const intent = this.ledger.paymentIntents.get(paymentIntentId);
    if (!intent) throw noSuch('payment_intent', paymentIntentId, 'payment_intent');
    const left = intent.amount_received - this.refunded(paymentIntentId);
    if (left <= 0)
      throw new StripeError(
        400,
        'invalid_request_error',
        `Charge for payment intent ${paymentIntentId} has already been refunded.`,
        'charge_already_refunded',
      );
    if (amount !== undefined && amount > left)
      throw new StripeError(
        400,
        'invalid_request_error',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount_too_large',
        'amount',
      );
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      created: this.ledger.clock.nowSeconds(),
      livemode: false,
      amount: amount ?? left,
      charge: null,
      currency: intent.currency,
      metadata: {},
      payment_intent: paymentIntentId,
      reason,
      status: 'succeeded',
    };
    this.ledger.refunds.set(refund.id, refund);
    this.events.publish('refund.created', refund);
    return refund;
  }

  private refunded(paymentIntentId: string): number {
    let total = 0;
    for (const refund of this.ledger.refunds.values())
      if (refund.payment_intent === paymentIntentId) total += refund.amount;
    return total;
  }
}
