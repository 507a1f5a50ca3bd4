import type { FastifyInstance } from 'fastify';
import { newCheckoutSession } from '../billing/new-checkout-session';
import type { CheckoutSession } from '../ledger/objects';
import type { SimContext } from '../sim-context';
import { listPage, rangeFilter } from '../wire/list-page';
import { noSuch, StripeError } from '../wire/stripe-error';
import { answer, paramsOf, pathId } from './api-request';
import { readCheckoutRequest } from './checkout-request';
import { lineItemsOf } from './line-items';

/** `checkout.sessions.list` with Stripe's filters. */
function listSessionsRoute(api: FastifyInstance, context: SimContext): void {
  const { ledger } = context;
  api.get('/checkout/sessions', (request) => {
    const params = paramsOf(request).allowOnly([
      'customer',
      'status',
      'subscription',
      'payment_intent',
      'created',
      'limit',
      'starting_after',
      'expand',
    ]);
    const customer = params.optionalString('customer');
    const status = params.optionalEnum('status', ['open', 'complete', 'expired']);
    const subscription = params.optionalString('subscription');
    const paymentIntent = params.optionalString('payment_intent');
    const created = rangeFilter(params, 'created');
    const matching = [...ledger.sessions.values()].filter(
      (session) =>
        (customer === undefined || session.customer === customer) &&
        (status === undefined || session.status === status) &&
        (subscription === undefined || session.subscription === subscription) &&
        (paymentIntent === undefined || session.payment_intent === paymentIntent) &&
        created(session.created),
    );
    return answer(context, params, listPage(matching, params, '/v1/checkout/sessions'));
  });
}

/** `checkout.sessions.create`, `retrieve`, `list`, `expire` and `listLineItems`. */
export function checkoutSessionRoutes(api: FastifyInstance, context: SimContext): void {
  const { ledger } = context;
  const sessionOf = (id: string): CheckoutSession => {
    const session = ledger.sessions.get(id);
    if (!session) throw noSuch('checkout.session', id);
    return session;
  };

  api.post('/checkout/sessions', (request) => {
    const params = paramsOf(request);
    const session = newCheckoutSession(
      readCheckoutRequest(params, ledger),
      ledger.clock.nowSeconds(),
      context.publicUrl(),
    );
    ledger.sessions.set(session.id, session);
    return answer(context, params, session);
  });

  api.get('/checkout/sessions/:id', (request) => {
    const params = paramsOf(request).allowOnly(['expand']);
    return answer(context, params, sessionOf(pathId(request)));
  });

  api.get('/checkout/sessions/:id/line_items', (request) => {
    const params = paramsOf(request).allowOnly(['limit', 'starting_after', 'expand']);
    const session = sessionOf(pathId(request));
    const url = `/v1/checkout/sessions/${session.id}/line_items`;
    return answer(context, params, listPage(lineItemsOf(session, ledger).reverse(), params, url));
  });

  api.post('/checkout/sessions/:id/expire', (request) => {
    const params = paramsOf(request).allowOnly(['expand']);
    const session = sessionOf(pathId(request));
    // As Stripe: only an open session can be expired (one paid meanwhile stays paid).
    if (session.status !== 'open')
      throw new StripeError(
        400,
        'invalid_request_error',
        'Only Checkout Sessions with a status in ["open"] can be expired.',
        'checkout_session_not_expirable',
      );
    context.checkout.expire(session);
    return answer(context, params, session);
  });
  listSessionsRoute(api, context);
}
