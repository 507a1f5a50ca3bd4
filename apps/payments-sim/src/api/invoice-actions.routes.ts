import type { FastifyInstance } from 'fastify';
import { previewInvoice } from '../billing/invoice-preview';
import type { SimContext } from '../sim-context';
import { invalidParam, noSuch, StripeError } from '../wire/stripe-error';
import { answer, paramsOf, pathId } from './api-request';
import { readItemChange } from './subscription-update';

/** `invoices.createPreview` of a subscription (and a change of it) and `invoices.voidInvoice`. */
export function invoiceActionRoutes(api: FastifyInstance, context: SimContext): void {
  const { ledger } = context;

  api.post('/invoices/create_preview', (request) => {
    const params = paramsOf(request).allowOnly([
      'customer',
      'subscription',
      'subscription_details',
      'expand',
    ]);
    const subscriptionId = params.string('subscription');
    const subscription = ledger.subscriptions.get(subscriptionId);
    if (!subscription) throw noSuch('subscription', subscriptionId, 'subscription');
    const customer = params.optionalString('customer');
    if (customer !== undefined && customer !== subscription.customer)
      throw invalidParam('customer', `The subscription ${subscription.id} does not belong to ${customer}.`);
    const details = params
      .optionalObject('subscription_details')
      ?.allowOnly(['items', 'proration_behavior', 'proration_date']);
    const change = details ? readItemChange(context, details, subscription) : undefined;
    return answer(context, params, previewInvoice(ledger, subscription, change));
  });

  api.post('/invoices/:id/void', (request) => {
    const params = paramsOf(request).allowOnly(['expand']);
    const invoice = ledger.invoices.get(pathId(request));
    if (!invoice) throw noSuch('invoice', pathId(request));
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible')
      throw new StripeError(
        400,
        'invalid_request_error',
        `You can only void an open or uncollectible invoice; this invoice is ${invoice.status}.`,
        'invoice_not_editable',
      );
    context.pendingUpdates.voidOnRequest(invoice);
    return answer(context, params, invoice);
  });
}
