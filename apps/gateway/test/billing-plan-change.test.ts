import { mailTo } from '@pds/testing';
import { until } from './support/admin-api';
import type { SignedInUser } from './support/accounts-api';
import {
  baseOf,
  billingApi,
  type BillingStack,
  newPayer,
  rateLimitOf,
  startBillingStack,
  subscribe,
} from './support/billing-stack';
import { limitOnEveryReplica, proCustomer } from './support/billing-customers';

const DAY = 86_400;

interface SubscriptionView {
  readonly status: string;
  readonly currentPeriodEnd: string;
  readonly cancelAtPeriodEnd: boolean;
  readonly pendingPlan: string | null;
}

interface AccountView {
  readonly id: string;
  readonly plan: string;
  readonly subscription: SubscriptionView | null;
}

interface InvoiceView {
  readonly id: string;
  readonly number: string;
  readonly createdAt: string;
  readonly amount: string;
  readonly currency: string;
  readonly status: string;
  readonly url: string;
}

/** Issue 26: a paying customer changes plan, survives a declined renewal, and sees its invoices. */
describe('billing: plan changes, dunning and invoices, on two gateway replicas', () => {
  let stack: BillingStack;

  beforeAll(async () => {
    stack = await startBillingStack('billing-plan-change');
  });

  afterAll(async () => {
    await stack.close();
  });

  const accountOf = async (user: SignedInUser, replica = 1): Promise<AccountView> =>
    (await billingApi(stack.gateways[replica === 0 ? 0 : 1], user).account()).body as AccountView;

  const invoicesOf = async (user: SignedInUser): Promise<InvoiceView[]> => {
    const answer = await billingApi(stack.gateways[1], user).invoices();
    expect(answer.status).toBe(200);
    return (answer.body as { invoices: InvoiceView[] }).invoices;
  };

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

    const [proration, first] = await invoicesOf(user);
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
    expect((await accountOf(user)).subscription).toMatchObject({ status: 'active', pendingPlan: 'pro' });
    expect(await rateLimitOf(stack.gateways[1], key)).toBe(1200);

    await stack.sim.control('POST', `/subscriptions/${subscription}/advance-to-period-end`);
    await limitOnEveryReplica(stack, key, 300);
    expect(await accountOf(user)).toMatchObject({
      plan: 'pro',
      subscription: { status: 'active', pendingPlan: null },
    });
    const invoices = await invoicesOf(user);
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
    await until(
      async () => (await accountOf(user)).plan,
      (plan) => plan === 'pro',
      5_000,
      'pro',
    );
    const again = await api.checkout('business');
    expect(again).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
  });

  it('should keep the plan through a declined renewal, mail the owner, and be active again once the card is fixed', async () => {
    const email = 'declined@example.test';
    const { user, key, subscription } = await proCustomer(stack, email);
    await stack.sim.control('POST', `/subscriptions/${subscription}/fail-next-renewal`);
    await stack.sim.control('POST', `/subscriptions/${subscription}/advance-to-period-end`);
    const pastDue = await until(
      () => accountOf(user),
      (view) => view.subscription?.status === 'past_due',
      5_000,
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
    const [declined] = await invoicesOf(user);
    expect(declined).toMatchObject({ amount: '9.00', status: 'open' });

    await stack.sim.control('POST', `/subscriptions/${subscription}/fix-card`);
    await stack.sim.control('POST', '/clock/advance', { seconds: 3 * DAY });
    await until(
      () => accountOf(user, 0),
      (view) => view.subscription?.status === 'active',
      5_000,
      'active again',
    );
    expect((await invoicesOf(user))[0]).toMatchObject({ id: declined!.id, status: 'paid' });
  });

  it('should end the plan once every retry is declined, back on free, and mail the owner', async () => {
    const email = 'lapsed@example.test';
    const { user, key, subscription } = await proCustomer(stack, email);
    await stack.sim.control('POST', `/subscriptions/${subscription}/fail-next-renewal`);
    await stack.sim.control('POST', `/subscriptions/${subscription}/advance-to-period-end`);
    await stack.sim.control('POST', '/clock/advance', { seconds: 16 * DAY });
    await limitOnEveryReplica(stack, key, 40);
    expect(await accountOf(user)).toMatchObject({ plan: 'free', subscription: { status: 'canceled' } });
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
