import {
  CURRENT_KLINE,
  eventually,
  PAYMENTS_SIM_SECRET_KEY,
  PAYMENTS_SIM_WEBHOOK_SECRET,
  submitForm,
} from '@pds/testing';
import {
  baseOf,
  billingApi,
  billingStackForFile,
  buyBoost,
  newPayer,
  rateLimitOf,
  subscribe,
  subscriptionIdOf,
} from './support/billing-stack';
import { accountOf, accountWhen, limitOn, limitOnEveryReplica } from './support/billing-customers';
import { getJson } from './support/gateway-harness';
import { connect, wsUrl } from './support/ws-client';
import { dumpPrefix } from './support/redis-dump';

/** Issue 15, acceptance 1: a new user subscribes, boosts, cancels, and is back on free, on two replicas. */
describe('billing: subscribe on the checkout page, on two gateway replicas', () => {
  const stack = billingStackForFile('billing-e2e');

  it('should list the plans and boosts with decimal-string prices, without a key', async () => {
    const answer = await getJson(`${baseOf(stack.gateways[1])}/api/v1/billing/plans`);
    expect(answer.status).toBe(200);
    const { plans, boosts } = answer.body as {
      plans: { id: string }[];
      boosts: { price: { amount: string } }[];
    };
    expect(plans[0]).toEqual({
      id: 'free',
      name: 'Free',
      price: { amount: '0.00', currency: 'usd', interval: 'month' },
      requestsPerMinute: 40,
      wsConnections: 2,
      apiKeys: 3,
    });
    expect(plans.length).toBeGreaterThanOrEqual(3);
    expect(boosts.length).toBeGreaterThanOrEqual(2);
    expect(boosts.every((boost) => /^\d+\.\d{2}$/.test(boost.price.amount))).toBe(true);
  });

  it('should refuse an unknown plan with 400 and a checkout without an access token with 401', async () => {
    const user = await newPayer(stack, 'unknown-plan@example.test');
    const refused = await billingApi(stack.gateways[0], user).checkout('platinum');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    const anonymous = await fetch(`${baseOf(stack.gateways[0])}/api/v1/billing/checkout`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });

  it('should give every key the paid plan on both replicas, refuse a second subscription, add a boost, and drop to free after cancelling', async () => {
    const [a, b] = stack.gateways;
    const user = await newPayer(stack, 'subscriber@example.test');
    const key = await billingApi(a, user).createKey();
    expect(await rateLimitOf(b, key)).toBe(40);

    const paid = await subscribe(a, user, 'pro');
    expect(paid.status).toBe(303);
    expect(paid.location).toContain('https://prices.example.test/account?checkout=success');
    await limitOnEveryReplica(stack, key, 300);
    const account = await accountOf(stack, user);
    expect(account).toMatchObject({
      plan: 'pro',
      limits: { requestsPerMinute: 300, wsConnections: 5, apiKeys: 10 },
      subscription: { status: 'active', cancelAtPeriodEnd: false },
    });
    // A second subscription would bill the account twice: the live one changes plan instead.
    const again = await billingApi(b, user).checkout('business');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'CONFLICT',
      message: 'The account already has the pro plan; change it with POST /api/v1/billing/subscription',
    });

    // Three WebSocket connections of one key and operation: more than free's two, within pro's five.
    const streams = await Promise.all(
      [a, b, b].map((gateway) =>
        connect(wsUrl(baseOf(gateway), CURRENT_KLINE, { apiKey: key, interval: '1m' })),
      ),
    );
    for (const { first } of streams) expect(first).toHaveProperty('openTime');
    await Promise.all(streams.map(({ client }) => client.close()));

    await buyBoost(a, user, 'boost_hour');
    await limitOn(b, key, 500);

    const portal = await billingApi(a, user).portal();
    expect(portal.status).toBe(201);
    await submitForm((portal.body as { url: string }).url, 'Cancel at period end');
    await eventually(async () => {
      const view = await accountOf(stack, user);
      return view.subscription?.cancelAtPeriodEnd ? view : undefined;
    }, 'cancel at period end shown');

    await stack.sim.control(
      'POST',
      `/subscriptions/${await subscriptionIdOf(stack, account.id)}/advance-to-period-end`,
    );
    await limitOn(b, key, 240);
    const ended = await accountOf(stack, user, 0);
    expect(ended).toMatchObject({
      plan: 'free',
      subscription: { status: 'canceled' },
      limits: { requestsPerMinute: 40 },
    });
  });

  it('should keep the secret key, the webhook secret and hosted page URLs out of every log line and Redis value', async () => {
    const [a, b] = stack.gateways;
    const user = await newPayer(stack, 'discreet@example.test');
    const api = billingApi(a, user);
    const urls = [
      ((await api.checkout('pro')).body as { url: string }).url,
      ((await api.boostCheckout('boost_hour')).body as { url: string }).url,
    ];
    for (const url of urls) await submitForm(url, 'Pay');
    urls.push(((await api.portal()).body as { url: string }).url);
    await accountWhen(stack, user, (view) => view.plan === 'pro', 'pro');
    const logs = [...a.output, ...b.output].join('\n');
    const stored = [...(await dumpPrefix(stack.harness.redis, stack.harness.prefix)).entries()]
      .flat(2)
      .join('\n');
    for (const secret of [
      PAYMENTS_SIM_SECRET_KEY,
      PAYMENTS_SIM_WEBHOOK_SECRET,
      ...urls,
      '/c/pay/',
      '/p/session/',
    ]) {
      expect({ secret, inLogs: logs.includes(secret), inRedis: stored.includes(secret) }).toEqual({
        secret,
        inLogs: false,
        inRedis: false,
      });
    }
    expect(logs).toContain('stripe webhook applied');
  });
});
