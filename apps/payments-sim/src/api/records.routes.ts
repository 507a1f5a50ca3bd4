import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../sim-context';
import { listPage, rangeFilter } from '../wire/list-page';
import { noSuch } from '../wire/stripe-error';
import { answer, paramsOf, pathId } from './api-request';

/** `events.list` by `type` (with `*` wildcards), `types[]` and `created`. */
function listEventsRoute(api: FastifyInstance, context: SimContext): void {
  const { ledger } = context;
  api.get('/events', (request) => {
    const params = paramsOf(request).allowOnly([
      'type',
      'types',
      'created',
      'limit',
      'starting_after',
      'expand',
    ]);
    const type = params.optionalString('type');
    const types = params.stringList('types');
    const created = rangeFilter(params, 'created');
    const matching = [...ledger.events.values()].filter(
      (event) =>
        (type === undefined ||
          event.type === type ||
          (type.endsWith('.*') && event.type.startsWith(type.slice(0, -1)))) &&
        (types.length === 0 || types.includes(event.type)) &&
        created(event.created),
    );
    return answer(context, params, listPage(matching, params, '/v1/events'));
  });
}

/** What payments leave behind, read-only: invoices, payment intents and events. */
export function recordRoutes(api: FastifyInstance, context: SimContext): void {
  const { ledger } = context;
  const retrieve = (path: string, kind: string, map: ReadonlyMap<string, object>): void => {
    api.get(path, (request) => {
      const params = paramsOf(request).allowOnly(['expand']);
      const found = map.get(pathId(request));
      if (!found) throw noSuch(kind, pathId(request));
      return answer(context, params, found);
    });
  };
  retrieve('/invoices/:id', 'invoice', ledger.invoices);
  retrieve('/payment_intents/:id', 'payment_intent', ledger.paymentIntents);
  retrieve('/events/:id', 'event', ledger.events);

  api.get('/invoices', (request) => {
    const params = paramsOf(request).allowOnly([
      'customer',
      'subscription',
      'status',
      'created',
      'limit',
      'starting_after',
      'expand',
    ]);
    const customer = params.optionalString('customer');
    const subscription = params.optionalString('subscription');
    const status = params.optionalEnum('status', ['draft', 'open', 'paid', 'uncollectible', 'void']);
    const created = rangeFilter(params, 'created');
    const matching = [...ledger.invoices.values()].filter(
      (invoice) =>
        (customer === undefined || invoice.customer === customer) &&
        (subscription === undefined || invoice.parent.subscription_details.subscription === subscription) &&
        (status === undefined || invoice.status === status) &&
        created(invoice.created),
    );
    return answer(context, params, listPage(matching, params, '/v1/invoices'));
  });
  listEventsRoute(api, context);
}
