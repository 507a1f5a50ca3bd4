import type { SimContext } from '../sim-context';

/** The endpoint of PAYSIM_WEBHOOK_URL, there from the start and again after a reset. */
export function addConfiguredEndpoint(context: SimContext): void {
  const { env, ledger } = context;
  if (!env.PAYSIM_WEBHOOK_URL) return;
  ledger.webhookEndpoints.set('we_configured', {
    id: 'we_configured',
    object: 'webhook_endpoint',
    created: ledger.clock.nowSeconds(),
    livemode: false,
    api_version: env.PAYSIM_API_VERSION,
    enabled_events: ['*'],
    metadata: {},
    status: 'enabled',
    url: env.PAYSIM_WEBHOOK_URL,
    _secret: env.PAYSIM_WEBHOOK_SECRET,
  });
}

/** Back to a fresh start: every object, event, delivery, rule, idempotency key and counter forgotten. */
export function resetSim(context: SimContext): void {
  context.dispatcher.reset();
  context.lifecycle.reset();
  context.ledger.reset();
  context.idempotency.clear();
  context.counters.reset();
  addConfiguredEndpoint(context);
}
