import { redisAt, type RedisServer, startRedisServer, submitForm } from '@pds/testing';
import { until } from './support/admin-api';
import {
  billingApi,
  type BillingStack,
  newPayer,
  rateLimitOf,
  startBillingStack,
} from './support/billing-stack';
import { limitOn, webhooksSettled } from './support/billing-customers';

/** Issue 15, acceptance 3: a Redis restart between payment and webhook loses nothing and grants once. */
describe('billing across a Redis restart', () => {
  let server: RedisServer;
  let stack: BillingStack;
  let redisDown = false;

  beforeAll(async () => {
    server = await startRedisServer({ appendOnly: true });
    stack = await startBillingStack('billing-restart', {
      target: redisAt(server.url),
      // Stripe retries for days; here the retries must outlast the restart.
      simEnv: { PAYSIM_WEBHOOK_MAX_ATTEMPTS: '100' },
    });
  });

  afterAll(async () => {
    if (redisDown) await server.start();
    await stack.close();
    await server.dispose();
  });

  it('should apply the plan and the boost paid while Redis was down once it is back, each once', async () => {
    const [a, b] = stack.gateways;
    const user = await newPayer(stack, 'patient@example.test');
    const api = billingApi(a, user);
    const key = await api.createKey();
    const planPage = ((await api.checkout('pro')).body as { url: string }).url;
    const boostPage = ((await api.boostCheckout('boost_hour')).body as { url: string }).url;
    const { id } = (await api.account()).body as { id: string };

    redisDown = true;
    await server.stop();
    await submitForm(planPage, 'Pay');
    await submitForm(boostPage, 'Pay');
    await until(
      async () =>
        (await stack.sim.deliveries()).some((d) => d.attempts.some((attempt) => attempt.status === 503)),
      (refused) => refused,
      10_000,
      'a webhook refused while Redis is down',
    );
    await server.start();
    redisDown = false;

    await limitOn(b, key, 500);
    await webhooksSettled(stack);
    expect(await rateLimitOf(a, key)).toBe(500);
    expect(await stack.harness.redis.hlen(stack.harness.keys.accountBoosts(id))).toBe(1);
  });
});
