import type { AppLogger } from '@pds/observability';
import Fastify, { type FastifyInstance } from 'fastify';
import { checkoutSessionRoutes } from './api/checkout-sessions.routes';
import { customerRoutes } from './api/customers.routes';
import { invoiceActionRoutes } from './api/invoice-actions.routes';
import { portalAndEndpointRoutes } from './api/portal-and-endpoints.routes';
import { priceRoutes } from './api/prices.routes';
import { refundRoutes } from './api/refunds.routes';
import { recordRoutes } from './api/records.routes';
import { subscriptionScheduleRoutes } from './api/subscription-schedules.routes';
import { subscriptionRoutes } from './api/subscriptions.routes';
import { Charges } from './billing/charges';
import { CheckoutCompletion } from './billing/checkout-completion';
import { Invoicing } from './billing/invoicing';
import { PendingUpdates } from './billing/pending-updates';
import { PlanChange } from './billing/plan-change';
import { SubscriptionSchedules } from './billing/schedules';
import { SubscriptionLifecycle } from './billing/subscription-lifecycle';
import { controlRoutes } from './control/control.routes';
import { addConfiguredEndpoint } from './control/reset';
import { checkoutPageRoutes } from './hosted/checkout-page.routes';
import { STYLESHEET } from './hosted/html';
import { invoicePageRoutes } from './hosted/invoice-page.routes';
import { portalPageRoutes } from './hosted/portal-page.routes';
import { EventLog } from './ledger/event-log';
import { Ledger } from './ledger/ledger';
import { loadPriceSpecs } from './ledger/price-catalogue';
import { SimClock } from './ledger/sim-clock';
import type { PaymentsSimEnvironment } from './payments-sim.environment';
import type { SimContext } from './sim-context';
import { registerApiHooks } from './wire/api-hooks';
import { registerStripeErrors } from './wire/error-handler';
import { decodeForm } from './wire/form-decoding';
import { IdempotencyStore } from './wire/idempotency';
import { RequestCounters } from './wire/request-counters';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher';

/** Stripe refuses request bodies this large; nothing the simulator takes comes close. */
const BODY_LIMIT_BYTES = 256 * 1024;

/** Delivers every event to the webhook endpoints, with the configured retries. */
function createDispatcher(
  env: PaymentsSimEnvironment,
  logger: AppLogger,
  ledger: Ledger,
  events: EventLog,
): WebhookDispatcher {
  const dispatcher = new WebhookDispatcher(
    ledger,
    {
      baseDelayMs: env.PAYSIM_WEBHOOK_RETRY_BASE_MS,
      maxDelayMs: env.PAYSIM_WEBHOOK_RETRY_MAX_MS,
      maxAttempts: env.PAYSIM_WEBHOOK_MAX_ATTEMPTS,
      timeoutMs: env.PAYSIM_WEBHOOK_TIMEOUT_MS,
    },
    logger,
  );
  events.onEvent((event) => {
    dispatcher.dispatch(event);
  });
  return dispatcher;
}

function createContext(env: PaymentsSimEnvironment, logger: AppLogger, publicUrl: () => string): SimContext {
  const ledger = new Ledger(
    new SimClock(),
    loadPriceSpecs(env.PAYSIM_PRICES, env.PAYSIM_PRICES_FILE),
    publicUrl,
  );
  const events = new EventLog(ledger, env.PAYSIM_API_VERSION);
  const dispatcher = createDispatcher(env, logger, ledger, events);
  const invoicing = new Invoicing(ledger);
  const charges = new Charges(ledger, events, {
    retryDays: env.PAYSIM_RETRY_DAYS.split(',').map(Number),
    whenExhausted: env.PAYSIM_RETRIES_EXHAUSTED,
  });
  const schedules = new SubscriptionSchedules(ledger, events);
  const pendingUpdates = new PendingUpdates(ledger, events, charges);
  const context: SimContext = {
    env,
    logger,
    ledger,
    events,
    checkout: new CheckoutCompletion(ledger, events),
    lifecycle: new SubscriptionLifecycle(ledger, events, invoicing, charges, schedules, pendingUpdates),
    charges,
    schedules,
    pendingUpdates,
    planChange: new PlanChange(ledger, events, invoicing, charges, pendingUpdates),
    dispatcher,
    idempotency: new IdempotencyStore(),
    counters: new RequestCounters(),
    publicUrl,
  };
  addConfiguredEndpoint(context);
  return context;
}

function parseForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, decodeForm(body as string));
      } catch (error) {
        done(Object.assign(error as Error, { statusCode: 400 }), undefined);
      }
    },
  );
}

function registerRoutes(app: FastifyInstance, context: SimContext): void {
  const apiRoutes = [
    customerRoutes,
    priceRoutes,
    checkoutSessionRoutes,
    subscriptionRoutes,
    subscriptionScheduleRoutes,
    recordRoutes,
    invoiceActionRoutes,
    portalAndEndpointRoutes,
    refundRoutes,
  ];
  void app.register(
    (api, _options, done) => {
      registerStripeErrors(api, context.logger);
      registerApiHooks(api, context);
      for (const routes of apiRoutes) routes(api, context);
      done();
    },
    { prefix: '/v1' },
  );
  void app.register(
    (control, _options, done) => {
      controlRoutes(control, context);
      done();
    },
    { prefix: '/sim' },
  );
  checkoutPageRoutes(app, context);
  portalPageRoutes(app, context);
  invoicePageRoutes(app, context);
  app.get('/hosted/style.css', (_request, reply) => {
    void reply.type('text/css; charset=utf-8').send(STYLESHEET);
  });
}

/** The simulator's HTTP server: Stripe's API under /v1, hosted pages, controls under /sim. */
export function buildServer(
  env: PaymentsSimEnvironment,
  logger: AppLogger,
): { app: FastifyInstance; context: SimContext } {
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES });
  let listeningUrl = '';
  const context = createContext(env, logger, () => env.PAYSIM_PUBLIC_URL?.replace(/\/$/, '') ?? listeningUrl);
  app.addHook('onListen', (done) => {
    const address = app.server.address();
    if (address && typeof address === 'object') listeningUrl = `http://127.0.0.1:${address.port}`;
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    context.dispatcher.reset();
    done();
  });
  parseForms(app);
  registerRoutes(app, context);
  return { app, context };
}
