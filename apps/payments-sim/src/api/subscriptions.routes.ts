import type { FastifyInstance } from 'fastify';
import type { Subscription } from '../ledger/objects';
import type { SimContext } from '../sim-context';
import { listPage, rangeFilter } from '../wire/list-page';
import { noSuch, StripeError } from '../wire/stripe-error';
import { answer, paramsOf, pathId } from './api-request';
import { readItemChange } from './subscription-update';

const STATUSES = [
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'paused',
  'all',
] as const;

/** `subscriptions.list`: by customer, price, status (`all` includes canceled ones). */
function listSubscriptionsRoute(api: FastifyInstance, context: SimContext): void {
  const { ledger } = context;
  api.get('/subscriptions', (request) => {
    const params = paramsOf(request).allowOnly([
      'customer',
      'status',
      'price',
      'created',
      'limit',
      'starting_after',
      'expand',
    ]);
    const customer = params.optionalString('customer');
    const status = params.optionalEnum('status', STATUSES);
    const price = params.optionalString('price');
    const created = rangeFilter(params, 'created');
    // Without `status`, Stripe lists every subscription that is not canceled.
    const statusMatches = (subscription: Subscription): boolean =>
      status === 'all' ||
      (status === undefined ? subscription.status !== 'canceled' : subscription.status === status);
    const matching = [...ledger.subscriptions.values()].filter(
      (subscription) =>
        (customer === undefined || subscription.customer === customer) &&
        (price === undefined || subscription.items.data.some((item) => item.price.id === price)) &&
        statusMatches(subscription) &&
        created(subscription.created),
    );
    return answer(context, params, listPage(matching, params, '/v1/subscriptions'));
  });
}

/** `subscriptions.update`: a new price for the item (prorated), `cancel_at_period_end`, `metadata`. */
function updateSubscriptionRoute(
  api: FastifyInstance,
  context: SimContext,
  subscriptionOf: (id: string) => Subscription,
): void {
  api.post('/subscriptions/:id', (request) => {
    const params = paramsOf(request).allowOnly([
      'cancel_at_period_end',
      'metadata',
      'items',
      'proration_behavior',
      'payment_behavior',
      'proration_date',
      'expand',
    ]);
    const subscription = subscriptionOf(pathId(request));
    const change = readItemChange(context, params, subscription);
    const cancel = params.optionalBoolean('cancel_at_period_end');
    if (cancel !== undefined && subscription.schedule)
      throw new StripeError(
        400,
        'invalid_request_error',
        `The subscription is managed by the subscription schedule \`${subscription.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
      );
    if (params.has('metadata')) subscription.metadata = { ...subscription.metadata, ...params.metadata() };
    if (change) context.planChange.changePrice(subscription, change);
    if (cancel !== undefined) context.lifecycle.setCancelAtPeriodEnd(subscription, cancel);
    return answer(context, params, subscription);
  });
}

/** `subscriptions.retrieve`, `list`, `update` (price change, `cancel_at_period_end`, `metadata`) and `cancel`. */
export function subscriptionRoutes(api: FastifyInstance, context: SimContext): void {
  const { ledger, lifecycle } = context;
  const subscriptionOf = (id: string): Subscription => {
    const subscription = ledger.subscriptions.get(id);
    if (!subscription) throw noSuch('subscription', id);
    return subscription;
  };

  api.get('/subscriptions/:id', (request) => {
    const params = paramsOf(request).allowOnly(['expand']);
    return answer(context, params, subscriptionOf(pathId(request)));
  });

  listSubscriptionsRoute(api, context);

  updateSubscriptionRoute(api, context, subscriptionOf);

  api.delete('/subscriptions/:id', (request) => {
    const params = paramsOf(request).allowOnly(['invoice_now', 'prorate', 'cancellation_details', 'expand']);
    const subscription = subscriptionOf(pathId(request));
    lifecycle.cancelNow(subscription);
    return answer(context, params, subscription);
  });
}
