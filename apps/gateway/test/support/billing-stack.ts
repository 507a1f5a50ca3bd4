import {
  freePort,
  type MailSink,
  PAYMENTS_SIM_SECRET_KEY,
  PAYMENTS_SIM_WEBHOOK_SECRET,
  PRICE,
  type RedisTarget,
  type PaymentsSim,
  type RunningApp,
  startMailSink,
  startPaymentsSim,
  submitForm,
} from '@pds/testing';
import { requestJson } from './admin-api';
import { accountsEnv, signUp, type SignedInUser } from './accounts-api';
import { gatewayHarness, type GatewayHarness, getJson, type JsonResponse } from './gateway-harness';
import { seedMarket } from './market-fixture';

export const WEBHOOK_PATH = '/api/v1/billing/webhooks/stripe';

/** Two gateway replicas, a mail sink and the payments simulator sending webhooks to the first. */
export interface BillingStack {
  readonly harness: GatewayHarness;
  readonly sink: MailSink;
  readonly sim: PaymentsSim;
  readonly gateways: readonly [RunningApp, RunningApp];
  close(): Promise<void>;
}

export const baseOf = (gateway: RunningApp): string => `http://127.0.0.1:${gateway.port}`;

export interface BillingStackOptions {
  /** The Redis to use; the test run's by default. */
  readonly target?: RedisTarget;
  /** Settings of the payments simulator. */
  readonly simEnv?: Record<string, string>;
  /** Settings of both gateways, beside the accounts' and Stripe's. */
  readonly gatewayEnv?: Record<string, string>;
}

export async function startBillingStack(
  label: string,
  options: BillingStackOptions = {},
): Promise<BillingStack> {
  const harness = await gatewayHarness(label, options.target);
  const sink = await startMailSink();
  await seedMarket(harness.redis, harness.keys);
  const port = await freePort();
  const sim = await startPaymentsSim(`http://127.0.0.1:${port}${WEBHOOK_PATH}`, options.simEnv);
  const env = {
    ...accountsEnv(sink),
    STRIPE_SECRET_KEY: PAYMENTS_SIM_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: PAYMENTS_SIM_WEBHOOK_SECRET,
    STRIPE_API_URL: sim.baseUrl,
    ...options.gatewayEnv,
  };
  const gateways = await Promise.all([
    harness.startGateway({ ...env, PORT: String(port) }),
    harness.startGateway(env),
  ]);
  return {
    harness,
    sink,
    sim,
    gateways,
    close: async () => {
      // The simulator first, so no webhook is on its way to a gateway that is stopping.
      await sim.app.stop();
      await harness.close();
      await sink.close();
    },
  };
}

/**
 * The stack of one test file: started before its tests and closed after them. Its parts are read
 * inside a test or hook, once it has started.
 */
export function billingStackForFile(label: string, options: BillingStackOptions = {}): BillingStack {
  let started: BillingStack | undefined;
  const running = (): BillingStack => {
    if (!started) throw new Error('the billing stack is not started (used outside a test?)');
    return started;
  };
  beforeAll(async () => {
    started = await startBillingStack(label, options);
  });
  afterAll(async () => {
    await started?.close();
  });
  return {
    get harness() {
      return running().harness;
    },
    get sink() {
      return running().sink;
    },
    get sim() {
      return running().sim;
    },
    get gateways() {
      return running().gateways;
    },
    close: () => running().close(),
  };
}

/** The billing and account operations of one signed-in user on one replica. */
export function billingApi(gateway: RunningApp, user: SignedInUser) {
  const headers = { authorization: `Bearer ${user.accessToken}` };
  const url = (path: string) => `${baseOf(gateway)}${path}`;
  return {
    account: () => requestJson('GET', url('/api/v1/account'), { headers }),
    checkout: (plan: unknown) =>
      requestJson('POST', url('/api/v1/billing/checkout'), { headers, body: { plan } }),
    boostCheckout: (boost: unknown) =>
      requestJson('POST', url('/api/v1/billing/boosts/checkout'), { headers, body: { boost } }),
    portal: () => requestJson('POST', url('/api/v1/billing/portal'), { headers }),
    changePlan: (plan: unknown) =>
      requestJson('POST', url('/api/v1/billing/subscription'), { headers, body: { plan } }),
    invoices: () => requestJson('GET', url('/api/v1/billing/invoices'), { headers }),
    preview: (plan: string) =>
      requestJson('GET', url(`/api/v1/billing/subscription/preview?plan=${encodeURIComponent(plan)}`), {
        headers,
      }),
    createKey: async (): Promise<string> => {
      const created = await requestJson('POST', url('/api/v1/account/api-keys'), {
        headers,
        body: { name: 'bot' },
      });
      return (created.body as { key: string }).key;
    },
  };
}

/** Signs up and pays for `plan` on the simulator's checkout page; resolves with the redirect. */
export async function subscribe(
  gateway: RunningApp,
  user: SignedInUser,
  plan: string,
): Promise<{ status: number; location: string | null }> {
  const checkout = await billingApi(gateway, user).checkout(plan);
  if (checkout.status !== 201)
    throw new Error(`checkout: ${checkout.status} ${JSON.stringify(checkout.body)}`);
  return submitForm((checkout.body as { url: string }).url, 'Pay');
}

export async function buyBoost(gateway: RunningApp, user: SignedInUser, boost: string): Promise<void> {
  const checkout = await billingApi(gateway, user).boostCheckout(boost);
  if (checkout.status !== 201) throw new Error(`boost checkout: ${checkout.status}`);
  await submitForm((checkout.body as { url: string }).url, 'Pay');
}

/** `X-RateLimit-Limit` of a price request with `key` on `gateway`. */
export async function rateLimitOf(gateway: RunningApp, key: string): Promise<number> {
  const response: JsonResponse = await getJson(`${baseOf(gateway)}${PRICE}`, { 'x-api-key': key });
  return Number(response.headers.get('x-ratelimit-limit'));
}

export async function newPayer(stack: BillingStack, email: string): Promise<SignedInUser> {
  return signUp(baseOf(stack.gateways[0]), stack.sink, email);
}

/** The account's Stripe subscription id, as the simulator knows it. */
export async function subscriptionIdOf(stack: BillingStack, accountId: string): Promise<string> {
  const customer = await stack.harness.redis.hget(stack.harness.keys.account(accountId), 'stripeCustomerId');
  const list = await stack.sim.stripe.subscriptions.list({ customer: customer ?? '', status: 'all' });
  const id = list.data[0]?.id;
  if (!id) throw new Error('no subscription');
  return id;
}
