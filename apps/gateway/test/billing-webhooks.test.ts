import { PAYMENTS_SIM_WEBHOOK_SECRET } from '@pds/testing';
import Stripe from 'stripe';
import { until } from './support/admin-api';
import type { SignedInUser } from './support/accounts-api';
import {
  baseOf,
  billingApi,
  billingStackForFile,
  buyBoost,
  newPayer,
  rateLimitOf,
  subscribe,
  subscriptionIdOf,
  WEBHOOK_PATH,
} from './support/billing-stack';
import { accountOf, accountWhen, limitOn, renewalDeclined } from './support/billing-customers';

/** Issue 15, acceptance 2: Stripe's webhooks, signed or not, repeated, out of order, failing. */
describe('billing: Stripe webhooks', () => {
  const stack = billingStackForFile('billing-webhooks');
  const planOf = async (user: SignedInUser) => (await accountOf(stack, user)).plan;
  const postWebhook = (payload: string, signature?: string) =>
    fetch(`${baseOf(stack.gateways[0])}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      body: payload,
    });

  afterEach(async () => {
    await stack.sim.control('DELETE', '/webhooks/rules');
  });

  it('should refuse a missing, wrong, stale or future-dated signature with 400 and change nothing', async () => {
    const user = await newPayer(stack, 'forger@example.test');
    const { id } = await accountOf(stack, user, 0);
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_forged', client_reference_id: id } },
    });
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: PAYMENTS_SIM_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    const future = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: PAYMENTS_SIM_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) + 600,
    });
    const wrong = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    // A fresh time written in front: the `stripe` package checks the last `t=`, and so must the rest.
    const prepended = [stale, future].map((header) => `t=${Math.floor(Date.now() / 1000)},${header}`);
    for (const signature of [undefined, wrong, stale, future, 't=1,v1=00', ...prepended]) {
      const answer = await postWebhook(payload, signature);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(await stack.harness.redis.exists(stack.harness.keys.stripeEvent('evt_forged'))).toBe(0);
    expect(await planOf(user)).toBe('free');
  });

  it('should apply an event once when four deliveries of it arrive at the same moment', async () => {
    const [a, b] = stack.gateways;
    const user = await newPayer(stack, 'concurrent@example.test');
    await subscribe(a, user, 'pro');
    const { id } = await accountOf(stack, user, 0);
    const customer = await stack.harness.redis.hget(stack.harness.keys.account(id), 'stripeCustomerId');
    expect(customer).toEqual(expect.any(String));
    const payload = JSON.stringify({
      id: `evt_concurrent_${id}`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { object: 'subscription', customer } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: PAYMENTS_SIM_WEBHOOK_SECRET,
    });
    const deliver = (gateway: typeof a) =>
      fetch(`${baseOf(gateway)}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    const answers = await Promise.all([a, b, a, b].map(deliver));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { duplicate?: true }[];
    expect(bodies.filter((body) => body.duplicate !== true)).toEqual([{ received: true }]);
    expect(await planOf(user)).toBe('pro');
  });

  it('should grant one boost and one plan when every event is delivered twice', async () => {
    await stack.sim.control('POST', '/webhooks/duplicate', {});
    const [a, b] = stack.gateways;
    const user = await newPayer(stack, 'twice@example.test');
    const key = await billingApi(a, user).createKey();
    await subscribe(a, user, 'pro');
    await buyBoost(a, user, 'boost_day');
    await limitOn(b, key, 500);
    await until(
      async () => (await stack.sim.deliveries()).filter((d) => d.duplicate && d.state === 'delivered').length,
      (count) => count >= 6,
      10_000,
      'the duplicates delivered',
    );
    expect(await rateLimitOf(b, key)).toBe(500);
    const { id } = await accountOf(stack, user, 0);
    expect(await stack.harness.redis.hlen(stack.harness.keys.accountBoosts(id))).toBe(1);
    // What keeps the paid session from granting twice is kept for weeks, not for ever.
    const markers = await stack.harness.redis.keys(stack.harness.keys.paidBoostSession('*'));
    expect(markers).toHaveLength(1);
    const ttlDays = (await stack.harness.redis.pttl(markers[0] ?? '')) / 86_400_000;
    expect(ttlDays).toBeGreaterThan(30);
    expect(ttlDays).toBeLessThanOrEqual(37);
  });

  it('should end on the right plan when subscription.updated arrives before subscription.created', async () => {
    await stack.sim.control('POST', '/webhooks/hold', {});
    const user = await newPayer(stack, 'reordered@example.test');
    await subscribe(stack.gateways[0], user, 'business');
    expect(await planOf(user)).toBe('free');
    await stack.sim.control('POST', '/webhooks/release', { order: 'reverse' });
    await accountWhen(stack, user, (view) => view.plan === 'business', 'the business plan');
  });

  it('should keep the plan on a failed renewal showing past_due, and drop to free when canceled', async () => {
    const user = await newPayer(stack, 'late-payer@example.test');
    await subscribe(stack.gateways[0], user, 'pro');
    await accountWhen(stack, user, (view) => view.plan === 'pro', 'the pro plan');
    const { id } = await accountOf(stack, user, 0);
    const subscription = await subscriptionIdOf(stack, id);
    await renewalDeclined(stack, subscription);
    const pastDue = await accountWhen(
      stack,
      user,
      (view) => view.subscription?.status === 'past_due',
      'past_due shown',
    );
    expect(pastDue.plan).toBe('pro');
    await stack.sim.control('POST', `/subscriptions/${subscription}/cancel`);
    await accountWhen(stack, user, (view) => view.plan === 'free', 'back on free');
  });
});
