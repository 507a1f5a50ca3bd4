/**
 * What the billing module offers the rest of the gateway: the module, and the Stripe webhook route
 * with its OpenAPI entry (served in a Fastify scope of its own for its raw body).
 */
export { BillingModule } from './billing.module';
export { serveStripeWebhooks } from './webhooks/webhook-route';
export { withStripeWebhook } from './webhooks/webhook-openapi';
