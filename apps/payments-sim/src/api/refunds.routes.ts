import type { FastifyInstance } from 'fastify';
import { InvoicePayments } from '../billing/invoice-payments';
import type { SimContext } from '../sim-context';
import { listPage } from '../wire/list-page';
import { noSuch } from '../wire/stripe-error';
import { answer, paramsOf, pathId } from './api-request';

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

/** `invoicePayments.list` (by invoice), `refunds.create` (of a payment intent), `retrieve` and `list`. */
export function refundRoutes(api: FastifyInstance, context: SimContext): void {
  const { ledger } = context;
  const payments = new InvoicePayments(ledger, context.events);

  api.get('/invoice_payments', (request) => {
    const params = paramsOf(request).allowOnly(['invoice', 'limit', 'starting_after', 'expand']);
    const invoice = params.optionalString('invoice');
    const matching = [...ledger.invoicePayments.values()].filter(
      (payment) => invoice === undefined || payment.invoice === invoice,
    );
    return answer(context, params, listPage(matching, params, '/v1/invoice_payments'));
  });

  api.post('/refunds', (request) => {
    const params = paramsOf(request).allowOnly(['payment_intent', 'amount', 'reason', 'metadata', 'expand']);
    const refund = payments.refund(
      params.string('payment_intent'),
      params.optionalInteger('amount', 1, 99_999_999),
      params.optionalEnum('reason', REASONS) ?? null,
    );
    if (params.has('metadata')) refund.metadata = params.metadata();
    return answer(context, params, refund);
  });

  api.get('/refunds/:id', (request) => {
    const params = paramsOf(request).allowOnly(['expand']);
    const refund = ledger.refunds.get(pathId(request));
    if (!refund) throw noSuch('refund', pathId(request));
    return answer(context, params, refund);
  });

  api.get('/refunds', (request) => {
    const params = paramsOf(request).allowOnly(['payment_intent', 'limit', 'starting_after', 'expand']);
    const paymentIntent = params.optionalString('payment_intent');
    const matching = [...ledger.refunds.values()].filter(
      (refund) => paymentIntent === undefined || refund.payment_intent === paymentIntent,
    );
    return answer(context, params, listPage(matching, params, '/v1/refunds'));
  });
}
