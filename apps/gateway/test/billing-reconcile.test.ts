import { PAYMENTS_SIM_SECRET_KEY, type RunningApp, submitForm } from '@pds/testing';
import { until } from './support/admin-api';
import {
  billingApi,
  type BillingStack,
  buyBoost,
  newPayer,
  rateLimitOf,
  startBillingStack,
  subscribe,
  subscriptionIdOf,
} from './support/billing-stack';
import { accountOf, accountWhen, limitOn, renewalDeclined, SETTLE_MS } from './support/billing-customers';
import { type Sim, startCache, startSim } from './support/history-stack';

/** Issue 15, acceptance 2: what lost webhooks left undone, the cache worker's reconciliation does. */
describe('billing: reconciliation with Stripe in the cache worker', () => {
  let stack: BillingStack;
  let exchange: Sim;
  let cache: RunningApp;
  const reconciliations = () => cache.output.filter((line) => line.includes('"billing-reconciled"')).length;
  const twoMoreRuns = async (): Promise<void> => {
    const runs = reconciliations();
    await until(
      () => Promise.resolve(reconciliations()),
      (count) => count >= runs + 2,
      SETTLE_MS,
      'two more runs',
    );
  };

  beforeAll(async () => {
    stack = await startBillingStack('billing-reconcile');
    exchange = await startSim();
    cache = await startCache({ redisEnv: stack.harness.redisEnv, prefix: stack.harness.prefix }, exchange, {
      WARM_UP_KLINES: '10',
      STRIPE_SECRET_KEY: PAYMENTS_SIM_SECRET_KEY,
      STRIPE_API_URL: stack.sim.baseUrl,
      BILLING_RECONCILE_INTERVAL_MS: '1000',
    });
  });

  afterEach(async () => {
    await stack.sim.control('DELETE', '/webhooks/rules');
  });

  afterAll(async () => {
    await cache.stop();
    await exchange.app.stop();
    await stack.close();
  });

  it('should grant a boost whose checkout.session.completed was lost, once', async () => {
    const [a, b] = stack.gateways;
    const user = await newPayer(stack, 'lost-boost@example.test');
    const key = await billingApi(a, user).createKey();
    await stack.sim.control('POST', '/webhooks/drop', { type: 'checkout.session.completed', count: 1 });
    await buyBoost(a, user, 'boost_hour');
    await limitOn(b, key, 240);
    await twoMoreRuns();
    expect(await rateLimitOf(b, key)).toBe(240);
  });

  it('should put an account on its plan when every webhook of the payment was lost', async () => {
    const [a, b] = stack.gateways;
    const user = await newPayer(stack, 'lost-plan@example.test');
    const key = await billingApi(a, user).createKey();
    await stack.sim.control('POST', '/webhooks/drop', {});
    await subscribe(a, user, 'business');
    await limitOn(b, key, 1200);
  });

  it('should show a downgrade planned in the portal and a declined renewal whose webhooks were all lost', async () => {
    const [a, b] = stack.gateways;
    const user = await newPayer(stack, 'lost-changes@example.test');
    const key = await billingApi(a, user).createKey();
    await subscribe(a, user, 'business');
    await limitOn(b, key, 1200);
    await stack.sim.control('POST', '/webhooks/drop', {});
    const portal = (await billingApi(a, user).portal()).body as { url: string };
    await submitForm(portal.url, 'Change to Pro');
    const { id } = await accountWhen(
      stack,
      user,
      (view) => view.subscription?.pendingPlan === 'pro',
      'the reconciled pending plan',
    );
    const subscription = await subscriptionIdOf(stack, id);
    await renewalDeclined(stack, subscription);
    await accountWhen(
      stack,
      user,
      (view) => view.plan === 'pro' && view.subscription?.status === 'past_due',
      'pro in grace, reconciled',
    );
    expect(await rateLimitOf(a, key)).toBe(300);
  });

  it('should never grant a dearer plan whose prorated charge is declined, and void the invoices of the plan that then ends, with every webhook lost', async () => {
    const [a, b] = stack.gateways;
    const user = await newPayer(stack, 'lost-unpaid-upgrade@example.test');
    const key = await billingApi(a, user).createKey();
    await subscribe(a, user, 'pro');
    await limitOn(b, key, 300);
    const { id } = await accountOf(stack, user);
    const subscription = await subscriptionIdOf(stack, id);
    await stack.sim.control('POST', '/webhooks/drop', {});
    // The portal changes the price with Stripe's default payment behavior: Business at once, its
    // proration invoice declined and open, the subscription past_due.
    await stack.sim.control('POST', `/subscriptions/${subscription}/fail-next-renewal`);
    const portal = (await billingApi(a, user).portal()).body as { url: string };
    await submitForm(portal.url, 'Change to Business');
    await accountWhen(
      stack,
      user,
      (view) => view.subscription?.status === 'past_due',
      'past_due, reconciled',
    );
    await twoMoreRuns();
    expect((await accountOf(stack, user)).plan).toBe('pro');
    for (const gateway of stack.gateways) expect(await rateLimitOf(gateway, key)).toBe(300);

    await stack.sim.control('POST', '/clock/advance', { seconds: 16 * 86_400 });
    await limitOn(a, key, 40);
    const open = () => stack.sim.stripe.invoices.list({ subscription, status: 'open' });
    await until(
      async () => (await open()).data.length,
      (count) => count === 0,
      10_000,
      'no open invoice left',
    );
    const voided = await stack.sim.stripe.invoices.list({ subscription, status: 'void' });
    // Its retries ran out before the period ended: the proration was the one unpaid invoice.
    expect(voided.data.map((invoice) => invoice.billing_reason)).toEqual(['subscription_update']);
  });
});
