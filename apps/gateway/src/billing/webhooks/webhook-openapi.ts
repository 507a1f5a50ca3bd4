import type { OpenAPIObject } from '@nestjs/swagger';
import { STRIPE_TAG } from '../../docs/api-key-security.decorator';
import { RETRY_AFTER_HEADER } from '../../docs/response-headers';
import { STRIPE_WEBHOOK_PATH } from './webhook-route';

const ERROR_BODY = {
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBodyDto' } } },
};

const WEBHOOK_RESPONSES = {
  '200': {
    description: 'Applied (or already applied)',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: { received: { type: 'boolean' }, duplicate: { type: 'boolean' } },
        },
      },
    },
  },
  '400': { description: 'VALIDATION_ERROR: missing, wrong or stale signature', ...ERROR_BODY },
  '503': {
    description: 'SERVICE_UNAVAILABLE: not applied now; Stripe retries',
    headers: RETRY_AFTER_HEADER,
    ...ERROR_BODY,
  },
};

/** The webhook route is served outside Nest's routing (raw body), so the document lists it by hand. */
export function withStripeWebhook(document: OpenAPIObject): OpenAPIObject {
  document.paths[STRIPE_WEBHOOK_PATH] = {
    post: {
      tags: [STRIPE_TAG],
      operationId: 'receiveStripeWebhook',
      summary: 'Stripe’s webhook events (called by Stripe, not by clients)',
      description:
        'Stripe sends its events here, signed with the endpoint secret. The signature is checked on the ' +
        'raw body, and its timestamp must be within 5 minutes of now either way (older or dated ahead: 400, ' +
        'no effect); a repeated or out-of-order event, even two deliveries at once, changes nothing that was ' +
        'already right. No API key.',
      security: [],
      parameters: [
        {
          name: 'Stripe-Signature',
          in: 'header',
          required: true,
          description: 't=<unix seconds>,v1=<HMAC-SHA256 of "t.body"> with the webhook secret',
          schema: { type: 'string' },
        },
      ],
      requestBody: {
        required: true,
        description: 'A Stripe Event object, at most 1 MiB',
        content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
      },
      responses: WEBHOOK_RESPONSES,
    },
  };
  return document;
}
