import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from '../sim-context';
import { newId } from './ids';
import { StripeError } from './stripe-error';

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";

/** The key of `Bearer <key>`, or of `Basic base64(<key>:)` (curl -u), which Stripe also accepts. */
function keyOf(header: string): string {
  const bearer = /^Bearer (\S+)$/.exec(header)?.[1];
  if (bearer !== undefined) return bearer;
  const basic = /^Basic (\S+)$/.exec(header)?.[1];
  return basic === undefined ? '' : (Buffer.from(basic, 'base64').toString('utf8').split(':')[0] ?? '');
}

/** Stripe's auth: the configured secret key, compared in constant time, else 401. */
function authenticate(request: FastifyRequest, secretKey: string): void {
  const header = request.headers.authorization;
  if (!header) throw new StripeError(401, 'invalid_request_error', NO_KEY);
  const key = keyOf(header);
  if (!timingSafeEqual(sha256(key), sha256(secretKey))) {
    // Stripe echoes the key's prefix and last four characters only (a short key not at all); nothing is logged.
    const masked = key.length >= 16 ? `${key.slice(0, 8)}****${key.slice(-4)}` : '****';
    throw new StripeError(401, 'invalid_request_error', `Invalid API Key provided: ${masked}`);
  }
}

function operationOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0] ?? ''}`;
}

/** Idempotency applies to POST and DELETE, keyed by the header; the answer is saved in onSend. */
function replayIfKnown(context: SimContext, request: FastifyRequest, reply: FastifyReply): boolean {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || (request.method !== 'POST' && request.method !== 'DELETE')) return false;
  // The parameters are the form body, or the query string of a DELETE.
  const parameters = `${JSON.stringify(request.body ?? {})}?${request.url.split('?')[1] ?? ''}`;
  const decision = context.idempotency.decide(key, operationOf(request), parameters);
  if (decision.kind === 'run') return false;
  void reply
    .code(decision.answer.status)
    .header('idempotent-replayed', 'true')
    .type('application/json')
    .send(decision.answer.body);
  return true;
}

/** Auth, request ids, counters and idempotency for every `/v1` route, as Stripe applies them. */
export function registerApiHooks(api: FastifyInstance, context: SimContext): void {
  api.addHook('onRequest', (request, reply, done) => {
    void reply.header('request-id', newId('req')).header('stripe-version', context.env.PAYSIM_API_VERSION);
    context.counters.count(operationOf(request));
    try {
      authenticate(request, context.env.PAYSIM_SECRET_KEY);
      done();
    } catch (error) {
      done(error as StripeError);
    }
  });
  api.addHook('preHandler', (request, reply, done) => {
    try {
      if (!replayIfKnown(context, request, reply)) done();
    } catch (error) {
      done(error as StripeError);
    }
  });
  api.addHook('onSend', (request, reply, payload, done) => {
    const key = request.headers['idempotency-key'];
    if (typeof key === 'string' && typeof payload === 'string' && !reply.hasHeader('idempotent-replayed')) {
      context.idempotency.save(key, { status: reply.statusCode, body: payload });
    }
    done(null, payload);
  });
}
