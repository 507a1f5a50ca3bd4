import type { FastifyError, FastifyInstance } from 'fastify';
import type { AppLogger } from '@pds/observability';
import { StripeError } from './stripe-error';

/** Maps what Fastify refuses before a handler runs (bad body, too large...) to Stripe's error shape. */
function fromFastify(error: FastifyError): StripeError {
  const status = error.statusCode ?? 500;
  if (status >= 500) return new StripeError(500, 'api_error', 'An unknown error occurred.');
  return new StripeError(status, 'invalid_request_error', `Invalid request: ${error.message}`);
}

/** Every `/v1` error answers `{"error":{type,message,code?,param?}}`, never Fastify's own shape. */
export function registerStripeErrors(api: FastifyInstance, logger: AppLogger): void {
  api.setErrorHandler<FastifyError | StripeError>((error, request, reply) => {
    const stripeError = error instanceof StripeError ? error : fromFastify(error);
    if (stripeError.status >= 500)
      logger.error({ method: request.method, error: String(error) }, 'request-failed');
    void reply.code(stripeError.status).type('application/json').send(stripeError.body);
  });
  api.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const message = `Unrecognized request URL (${request.method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`;
    return reply
      .code(404)
      .type('application/json')
      .send(new StripeError(404, 'invalid_request_error', message).body);
  });
}
