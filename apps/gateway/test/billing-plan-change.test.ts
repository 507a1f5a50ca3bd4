import { mailTo } from '@pds/testing';
import {
  baseOf,
  billingApi,
  billingStackForFile,
  newPayer,
  rateLimitOf,
  subscribe,
} from './support/billing-stack';
import {
  accountOf,
  accountWhen,
  invoicesOf,
  limitOnEveryReplica,
  proCustomer,
  renewalDeclined,
} from './support/billing-customers';

const DAY = 86_400;

/** Issue 26: a paying customer changes plan, survives a declined renewal, and sees its invoices. */
describe('billing: plan changes, dunning and invoices, on two gateway replicas', () => {
  const stack = billingStackForFile('billing-plan-change');

  it('should upgrade Pro to Business at once on every replica with a proration invoice, then downgrade to Pro at the period end', async () => {
    const { user, key, subscription } = await proCustomer(stack, 'upgrader@example.test');
    const api = billingApi(stack.gateways[0], user);

    const upgraded = await api.changePlan('business');
    expect(upgraded.status).toBe(200);
    expect(upgraded.body).toMatchObject({
      plan: 'business',
      subscription: { status: 'active', cancelAtPeriodEnd: false, pendingPlan: null },
    });
    await limitOnEveryReplica(stack, key, 1200);

    const [proration, first] = await invoicesOf(stack, user);
    expect(first).toMatchObject({ amount: '9.00', currency: 'usd', status: 'paid' });
    expect(proration).toMatchObject({ currency: 'usd', status: 'paid' });
    expect(Number(proration!.amount)).toBeGreaterThan(39);
    expect(Number(proration!.amount)).toBeLessThanOrEqual(40);
    expect(proration!.createdAt >= first!.createdAt).toBe(true);
    expect(proration!.url.startsWith(stack.sim.baseUrl)).toBe(true);
    expect(await (await fetch(proration!.url)).text()).toContain(proration!.number);

    const same = await api.changePlan('business');
    expect(same.status).toBe(400);
    expect(same.body).toEqual({
      code: 'VALIDATION_ERROR',
      message: "plan is already the account's plan (business)",
    });
    const unknown = await api.changePlan('platinum');
    expect(unknown).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', message: 'plan must be one of free, pro, business' },
    });

    const downgraded = await api.changePlan('pro');
    expect(downgraded.status).toBe(200);
    expect(downgraded.body).toMatchObject({ plan: 'business', subscription: { pendingPlan: 'pro' } });
    expect((await accountOf(stack, user)).subscription).toMatchObject({
      status: 'active',
      pendingPlan: 'pro',
    });
    expect(await rateLimitOf(stack.gateways[1], key)).toBe(1200);

    await stack.sim.control('POST', `/subscriptions/${subscription}/advance-to-period-end`);
    await limitOnEveryReplica(stack, key, 300);
    expect(await accountOf(stack, user)).toMatchObject({
      plan: 'pro',
      subscription: { status: 'active', pendingPlan: null },
    });
    const invoices = await invoicesOf(stack, user);
    expect(invoices.map((invoice) => invoice.amount)).toEqual(['9.00', proration!.amount, '9.00']);
    expect(invoices.map((invoice) => invoice.number)).toEqual(
      [...invoices.map((invoice) => invoice.number)].sort().reverse(),
    );
  });

  it('should plan free at the period end and withdraw it when the current plan is asked for', async () => {
    const { user } = await proCustomer(stack, 'undecided@example.test');
    const api = billingApi(stack.gateways[1], user);
    expect((await api.changePlan('free')).body).toMatchObject({
      plan: 'pro',
      subscription: { cancelAtPeriodEnd: true, pendingPlan: 'free' },
    });
    expect((await api.changePlan('pro')).body).toMatchObject({
      plan: 'pro',
      subscription: { cancelAtPeriodEnd: false, pendingPlan: null },
    });
  });

  it('should answer 409 CONFLICT to a plan change without a live subscription, and to a second checkout', async () => {
    const user = await newPayer(stack, 'no-subscription@example.test');
    const api = billingApi(stack.gateways[0], user);
    const refused = await api.changePlan('pro');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'CONFLICT',
      message: 'The account has no live subscription to change; subscribe with POST /api/v1/billing/checkout',
    });
    expect((await api.invoices()).body).toEqual({ invoices: [] });
    expect(await api.changePlan(5)).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    for (const [method, path] of [
      ['POST', '/api/v1/billing/subscription'],
      ['GET', '/api/v1/billing/invoices'],
    ] as const) {
      const anonymous = await fetch(`${baseOf(stack.gateways[1])}${path}`, { method });
      expect({ path, status: anonymous.status }).toEqual({ path, status: 401 });
    }
    await subscribe(stack.gateways[0], user, 'pro');
    await accountWhen(stack, user, (view) => view.plan === 'pro', 'pro');
    const again = await api.checkout('business');
    expect(again).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
  });

  it('should keep the plan through a declined renewal, mail the owner, and be active again once the card is fixed', async () => {
    const email = 'declined@example.test';
    const { user, key, subscription } = await proCustomer(stack, email);
    await renewalDeclined(stack, subscription);
    const pastDue = await accountWhen(
      stack,
      user,
      (view) => view.subscription?.status === 'past_due',
      'past_due',
    );
    expect(pastDue.plan).toBe('pro');
    expect(await rateLimitOf(stack.gateways[0], key)).toBe(300);
    const mail = await stack.sink.waitForMail(
      (candidate) => mailTo(email)(candidate) && candidate.subject === 'Your payment for the Pro plan failed',
    );
    expect(mail.links).toEqual(['https://prices.example.test/account#fix-payment']);
    expect(mail.text).toContain('Fix payment');
    expect(mail.text).not.toMatch(/\/p\/session\//);
    const [declined] = await invoicesOf(stack, user);
    expect(declined).toMatchObject({ amount: '9.00', status: 'open' });

    await stack.sim.control('POST', `/subscriptions/${subscription}/fix-card`);
    await stack.sim.control('POST', '/clock/advance', { seconds: 3 * DAY });
    await accountWhen(stack, user, (view) => view.subscription?.status === 'active', 'active again', 0);
    expect((await invoicesOf(stack, user))[0]).toMatchObject({ id: declined!.id, status: 'paid' });
  });

  it('should end the plan once every retry is declined, back on free, and mail the owner', async () => {
    const email = 'lapsed@example.test';
    const { user, key, subscription } = await proCustomer(stack, email);
    await renewalDeclined(stack, subscription);
    await stack.sim.control('POST', '/clock/advance', { seconds: 16 * DAY });
    await limitOnEveryReplica(stack, key, 40);
    expect(await accountOf(stack, user)).toMatchObject({
      plan: 'free',
      subscription: { status: 'canceled' },
    });
    const mail = await stack.sink.waitForMail(
      (candidate) => mailTo(email)(candidate) && candidate.subject === 'Your Pro plan has ended',
    );
    expect(mail.text).toContain('because its payment could not be collected');
    const paymentMails = stack.sink.mails.filter(
      (candidate) => mailTo(email)(candidate) && candidate.subject.includes('payment'),
    );
    expect(paymentMails).toHaveLength(1);
  });
});
