import type { FastifyInstance } from 'fastify';
import type { PortalSession, WebhookEndpoint } from '../ledger/objects';
import type { SimContext } from '../sim-context';
import { newId } from '../wire/ids';
import { listPage } from '../wire/list-page';
import type { Params } from '../wire/params';
import { missingParam, noSuch, StripeError } from '../wire/stripe-error';
import { answer, paramsOf, pathId } from './api-request';

/** Reads `webhookEndpoints.create`; the endpoint gets a fresh signing secret. */
function newWebhookEndpoint(params: Params, now: number): WebhookEndpoint {
  params.allowOnly(['url', 'enabled_events', 'api_version', 'description', 'metadata', 'expand']);
  const url = params.string('url');
  if (!URL.canParse(url)) {
    throw new StripeError(
      400,
      'invalid_request_error',
      'Invalid URL: must be a valid URL',
      'url_invalid',
      'url',
    );
  }
  const events = params.stringList('enabled_events');
  if (events.length === 0) throw missingParam('enabled_events');
  return {
    id: newId('we'),
    object: 'webhook_endpoint',
    created: now,
    livemode: false,
    api_version: params.optionalString('api_version') ?? null,
    enabled_events: events,
    metadata: params.metadata(),
    status: 'enabled',
    url,
    _secret: newId('whsec'),
  };
}

/** `webhookEndpoints.create` (the signing secret shown once), `list`, `retrieve`, `del`. */
function webhookEndpointRoutes(api: FastifyInstance, context: SimContext): void {
  const { ledger } = context;
  api.post('/webhook_endpoints', (request) => {
    const params = paramsOf(request);
    const endpoint = newWebhookEndpoint(params, ledger.clock.nowSeconds());
    ledger.webhookEndpoints.set(endpoint.id, endpoint);
    // The secret is shown once, in this answer, as Stripe does.
    return { ...answer(context, params, endpoint), secret: endpoint._secret };
  });

  api.get('/webhook_endpoints', (request) => {
    const params = paramsOf(request).allowOnly(['limit', 'starting_after', 'expand']);
    return answer(
      context,
      params,
      listPage(ledger.webhookEndpoints.values(), params, '/v1/webhook_endpoints'),
    );
  });

  api.get('/webhook_endpoints/:id', (request) => {
    const params = paramsOf(request).allowOnly(['expand']);
    const endpoint = ledger.webhookEndpoints.get(pathId(request));
    if (!endpoint) throw noSuch('webhook_endpoint', pathId(request));
    return answer(context, params, endpoint);
  });

  api.delete('/webhook_endpoints/:id', (request) => {
    const id = pathId(request);
    if (!ledger.webhookEndpoints.delete(id)) throw noSuch('webhook_endpoint', id);
    return { id, object: 'webhook_endpoint', deleted: true };
  });
}

/** `billingPortal.sessions.create`, and the webhook endpoints. */
export function portalAndEndpointRoutes(api: FastifyInstance, context: SimContext): void {
  const { ledger } = context;
  api.post('/billing_portal/sessions', (request) => {
    const params = paramsOf(request).allowOnly([
      'customer',
      'return_url',
      'configuration',
      'locale',
      'expand',
    ]);
    const customer = params.string('customer');
    if (!ledger.customers.has(customer)) throw noSuch('customer', customer, 'customer');
    const id = newId('bps');
    const session: PortalSession = {
      id,
      object: 'billing_portal.session',
      created: ledger.clock.nowSeconds(),
      livemode: false,
      customer,
      return_url: params.optionalString('return_url') ?? null,
      url: `${context.publicUrl()}/p/session/${id}`,
    };
    ledger.portalSessions.set(id, session);
    return answer(context, params, session);
  });
  webhookEndpointRoutes(api, context);
}
