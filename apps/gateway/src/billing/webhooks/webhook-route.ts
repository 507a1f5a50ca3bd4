import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { STRIPE_CALL_BOUND_MS } from '@pds/billing';
import type { FastifyInstance } from 'fastify';
import { StripeWebhooks } from './stripe-webhooks';

export const STRIPE_WEBHOOK_PATH = '/api/v1/billing/webhooks/stripe';

/** Applying an event re-reads Stripe: a session, its line items, the customer's subscriptions. */
const APPLY_ALLOWANCE_MS = 3 * STRIPE_CALL_BOUND_MS;

/** Stripe's events can be much larger than the 16 KiB other bodies may be. */
const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The webhook route, outside Nest's routing on purpose: in a plugin of its own the body stays raw
 * bytes (the signature covers them exactly; no JSON parser may touch it) with its own size bound,
 * and neither the API-key guard nor the rate limit see it. The OpenAPI document lists it by hand.
 */
export async function serveStripeWebhooks(app: NestFastifyApplication): Promise<void> {
  const webhooks = app.get(StripeWebhooks);
  await app.register((scope: FastifyInstance, _options: unknown, done: (error?: Error) => void) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_request, body, parsed) => {
        parsed(null, body);
      },
    );
    scope.post(
      STRIPE_WEBHOOK_PATH,
      { config: { deadlineAllowanceMs: APPLY_ALLOWANCE_MS } },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const answer = await webhooks.handle(raw, typeof signature === 'string' ? signature : undefined);
        return reply
          .code(answer.status)
          .headers({ 'cache-control': 'no-store', ...answer.headers })
          .send(answer.body);
      },
    );
    done();
  });
}
