import type { FastifyInstance } from 'fastify';
import { newCustomer } from '../billing/billing-objects';
import type { SimContext } from '../sim-context';
import { listPage, rangeFilter } from '../wire/list-page';
import { noSuch } from '../wire/stripe-error';
import { answer, paramsOf, pathId } from './api-request';

/** `customers.create`, `retrieve` and `list` (by `email`). */
export function customerRoutes(api: FastifyInstance, context: SimContext): void {
  const { ledger } = context;
  api.post('/customers', (request) => {
    const params = paramsOf(request).allowOnly(['email', 'name', 'description', 'metadata', 'expand']);
    const customer = newCustomer(ledger.clock.nowSeconds(), {
      email: params.optionalString('email') ?? null,
      name: params.optionalString('name') ?? null,
      description: params.optionalString('description') ?? null,
      metadata: params.metadata(),
    });
    ledger.customers.set(customer.id, customer);
    return answer(context, params, customer);
  });

  api.get('/customers/:id', (request) => {
    const params = paramsOf(request).allowOnly(['expand']);
    const customer = ledger.customers.get(pathId(request));
    if (!customer) throw noSuch('customer', pathId(request));
    return answer(context, params, customer);
  });

  api.get('/customers', (request) => {
    const params = paramsOf(request).allowOnly(['email', 'created', 'limit', 'starting_after', 'expand']);
    const email = params.optionalString('email');
    const created = rangeFilter(params, 'created');
    const matching = [...ledger.customers.values()].filter(
      (customer) => (email === undefined || customer.email === email) && created(customer.created),
    );
    return answer(context, params, listPage(matching, params, '/v1/customers'));
  });
}
