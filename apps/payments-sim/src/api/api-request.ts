import type { FastifyRequest } from 'fastify';
import { publicView } from '../ledger/public-view';
import type { SimContext } from '../sim-context';
import { expand } from '../wire/expand';
import { decodeForm, type FormObject } from '../wire/form-decoding';
import { Params } from '../wire/params';
import { StripeError } from '../wire/stripe-error';

/** The query string in Stripe's bracket notation (Fastify's own parser keeps `expand[0]` flat). */
function queryOf(request: FastifyRequest): FormObject {
  const query = request.url.split('?')[1] ?? '';
  try {
    return decodeForm(query);
  } catch (error) {
    throw new StripeError(400, 'invalid_request_error', (error as Error).message);
  }
}

/** The request's parameters: the form body of a POST, the query string of a GET or DELETE. */
export function paramsOf(request: FastifyRequest): Params {
  const source = request.method === 'POST' ? ((request.body ?? {}) as FormObject) : queryOf(request);
  return new Params(source);
}

/** The id in the path (`/v1/customers/:id`). */
export function pathId(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

/** An object as the API answers it: Stripe's fields only, with the `expand[]` the request asked for. */
export function answer<T extends object>(context: SimContext, params: Params, object: T): T {
  const find = (id: string): object | undefined => {
    const found = context.ledger.find(id);
    return found ? publicView(found) : undefined;
  };
  return expand(publicView(object), params.stringList('expand'), find);
}
