import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../sim-context';
import { listPage } from '../wire/list-page';
import { noSuch } from '../wire/stripe-error';
import { answer, paramsOf, pathId } from './api-request';

/** The configured catalogue: `prices.retrieve` and `list`, `products.retrieve`. */
export function priceRoutes(api: FastifyInstance, context: SimContext): void {
  const { ledger } = context;
  api.get('/prices/:id', (request) => {
    const params = paramsOf(request).allowOnly(['expand']);
    const price = ledger.prices.get(pathId(request));
    if (!price) throw noSuch('price', pathId(request));
    return answer(context, params, price);
  });

  api.get('/prices', (request) => {
    const params = paramsOf(request).allowOnly([
      'active',
      'product',
      'type',
      'lookup_keys',
      'limit',
      'starting_after',
      'expand',
    ]);
    const active = params.optionalBoolean('active');
    const product = params.optionalString('product');
    const type = params.optionalEnum('type', ['recurring', 'one_time']);
    const lookupKeys = params.stringList('lookup_keys');
    const matching = [...ledger.prices.values()].filter(
      (price) =>
        (active === undefined || price.active === active) &&
        (product === undefined || price.product === product) &&
        (type === undefined || price.type === type) &&
        (lookupKeys.length === 0 || lookupKeys.includes(price.lookup_key ?? '')),
    );
    return answer(context, params, listPage(matching, params, '/v1/prices'));
  });

  api.get('/products/:id', (request) => {
    const params = paramsOf(request).allowOnly(['expand']);
    const product = ledger.products.get(pathId(request));
    if (!product) throw noSuch('product', pathId(request));
    return answer(context, params, product);
  });
}
