import type fc from 'fast-check';
import { until } from './admin-api';
import type { SignedInUser } from './accounts-api';
import { billingApi, type BillingStack, rateLimitOf, subscribe } from './billing-stack';

export type PlanId = 'free' | 'pro' | 'business';

/** What the account should be, as a customer who knows the rules would expect it. */
export interface BillingModel {
  plan: PlanId;
  /** `none`: never subscribed or the plan ended. */
  status: 'none' | 'active' | 'past_due';
  /** What the account moves to at the period end. */
  pending: PlanId | null;
  cardDeclines: boolean;
  /** Cents paid, over every invoice. */
  charged: number;
}

/** The customer behind the model: one signed-up user with one key, on the billing stack. */
export interface BillingReal {
  readonly stack: BillingStack;
  readonly user: SignedInUser;
  readonly key: string;
  accountId: string;
  customer: string;
}

export const PRICE_CENTS: Readonly<Record<PlanId, number>> = { free: 0, pro: 900, business: 4900 };
const LIMIT: Readonly<Record<PlanId, number>> = { free: 40, pro: 300, business: 1200 };
const RANK: Readonly<Record<PlanId, number>> = { free: 0, pro: 1, business: 2 };

export const isUpgrade = (from: PlanId, to: PlanId): boolean => RANK[to] > RANK[from];

const api = (real: BillingReal, replica: 0 | 1 = 0) => billingApi(real.stack.gateways[replica], real.user);
const sim = (real: BillingReal, path: string, body?: object) =>
  real.stack.sim.control('POST', path, body).then(() => undefined);

/** Every webhook sent so far has been answered by the gateway. */
export const webhooksSettled = (stack: BillingStack) =>
  until(
    () => stack.sim.deliveries(),
    (deliveries) => deliveries.every((delivery) => delivery.state === 'delivered'),
    10_000,
    'every webhook delivered',
  );

/** How a step's webhooks reach the gateway: as sent, all held then newest first, or each twice. */
export type Delivery = 'in-order' | 'reversed' | 'duplicated';

export async function withWebhooks(real: BillingReal, delivery: Delivery, step: () => Promise<void>) {
  if (delivery === 'in-order') return step();
  await sim(real, delivery === 'reversed' ? '/webhooks/hold' : '/webhooks/duplicate', {});
  try {
    await step();
  } finally {
    await real.stack.sim.control('DELETE', '/webhooks/rules');
    if (delivery === 'reversed') await sim(real, '/webhooks/release', { order: 'reverse' });
  }
}

const deliveryWords = (delivery: Delivery) => (delivery === 'in-order' ? '' : `, webhooks ${delivery}`);

async function subscriptionOf(real: BillingReal): Promise<string> {
  const list = await real.stack.sim.stripe.subscriptions.list({ customer: real.customer, status: 'all' });
  return list.data.find((each) => each.status !== 'canceled')?.id ?? '';
}

/** The account, the limits on both replicas, what was charged and what is open, against the model. */
export async function expectMatches(model: BillingModel, real: BillingReal): Promise<void> {
  const { stack } = real;
  await webhooksSettled(stack);
  const account = (await api(real, 1).account()).body as {
    plan: string;
    subscription: { status: string; pendingPlan: string | null } | null;
  };
  expect(account.plan).toBe(model.plan);
  if (model.status !== 'none')
    expect(account.subscription).toMatchObject({ status: model.status, pendingPlan: model.pending });
  for (const gateway of stack.gateways)
    await until(
      () => rateLimitOf(gateway, real.key),
      (limit) => limit === LIMIT[model.plan],
      5_000,
      `the ${model.plan} limit`,
    );
  const invoices = await stack.sim.stripe.invoices.list({ customer: real.customer, limit: 100 });
  const paid = invoices.data.filter((invoice) => invoice.status === 'paid');
  expect(paid.reduce((sum, invoice) => sum + invoice.amount_paid, 0)).toBe(model.charged);
  // Only a declined renewal stays open (while Stripe retries); a declined change's is void at once.
  const open = invoices.data.filter((invoice) => invoice.status === 'open');
  expect(open).toHaveLength(model.status === 'past_due' ? 1 : 0);
}

type Step = fc.AsyncCommand<BillingModel, BillingReal>;

/** Checkout and payment of a paid plan, from free. */
export class Subscribe implements Step {
  constructor(
    readonly plan: 'pro' | 'business',
    readonly delivery: Delivery = 'in-order',
  ) {}
  check = (m: Readonly<BillingModel>) => m.status === 'none' && !m.cardDeclines;
  async run(m: BillingModel, real: BillingReal): Promise<void> {
    await withWebhooks(real, this.delivery, async () => {
      await subscribe(real.stack.gateways[0], real.user, this.plan);
    });
    real.customer ||=
      (await real.stack.harness.redis.hget(
        real.stack.harness.keys.account(real.accountId),
        'stripeCustomerId',
      )) ?? '';
    Object.assign(m, { plan: this.plan, status: 'active', pending: null });
    m.charged += PRICE_CENTS[this.plan];
    await expectMatches(m, real);
  }
  toString = () => `Subscribe(${this.plan}${deliveryWords(this.delivery)})`;
}

/** POST /api/v1/billing/subscription, after the preview for an upgrade. */
export class ChangePlan implements Step {
  constructor(readonly plan: PlanId) {}
  check = (m: Readonly<BillingModel>) => m.status !== 'none';
  async run(m: BillingModel, real: BillingReal): Promise<void> {
    const upgrade = isUpgrade(m.plan, this.plan) && m.status === 'active';
    const quoted = upgrade ? ((await api(real).preview(this.plan)).body as { amountDue: string }) : undefined;
    const answer = await api(real).changePlan(this.plan);
    const expected = this.expectedStatus(m);
    if (answer.status !== expected)
      throw new Error(`${this.toString()}: ${answer.status} ${JSON.stringify(answer.body)}, not ${expected}`);
    if (answer.status !== 200) return expectMatches(m, real);
    if (upgrade) {
      Object.assign(m, { plan: this.plan, pending: null });
      m.charged += Math.round(Number(quoted?.amountDue) * 100);
    } else if (this.plan === m.plan)
      m.pending = null; // the scheduled change withdrawn
    else m.pending = this.plan; // scheduled (asking again for what is scheduled changes nothing)
    await expectMatches(m, real);
  }
  private expectedStatus(m: Readonly<BillingModel>): number {
    if (m.status === 'past_due') return 409;
    if (this.plan === m.plan && m.pending === null) return 400;
    if (isUpgrade(m.plan, this.plan) && m.cardDeclines) return 402;
    return 200;
  }
  toString = () => `ChangePlan(${this.plan})`;
}

/** The card declines from now on (the simulator's `fail-next-renewal`), or works again. */
export class SetCard implements Step {
  constructor(readonly declines: boolean) {}
  check = (m: Readonly<BillingModel>) => m.status !== 'none' && m.cardDeclines !== this.declines;
  async run(m: BillingModel, real: BillingReal): Promise<void> {
    await sim(
      real,
      `/subscriptions/${await subscriptionOf(real)}/${this.declines ? 'fail-next-renewal' : 'fix-card'}`,
    );
    m.cardDeclines = this.declines;
    await expectMatches(m, real);
  }
  toString = () => (this.declines ? 'CardDeclines' : 'CardFixed');
}

/** The test clock to the period end: the renewal, with whatever was scheduled. */
export class PeriodEnd implements Step {
  constructor(readonly delivery: Delivery = 'in-order') {}
  check = (m: Readonly<BillingModel>) => m.status === 'active';
  async run(m: BillingModel, real: BillingReal): Promise<void> {
    const id = await subscriptionOf(real);
    await withWebhooks(real, this.delivery, () => sim(real, `/subscriptions/${id}/advance-to-period-end`));
    if (m.pending === 'free') Object.assign(m, { plan: 'free', status: 'none', pending: null });
    else {
      Object.assign(m, { plan: m.pending ?? m.plan, pending: null });
      if (m.cardDeclines) m.status = 'past_due';
      else m.charged += PRICE_CENTS[m.plan];
    }
    await expectMatches(m, real);
  }
  toString = () => `PeriodEnd(${deliveryWords(this.delivery).slice(2)})`;
}

/** 16 days on the test clock while past due: Stripe's retries pay the renewal, or end the plan. */
export class RetriesRun implements Step {
  check = (m: Readonly<BillingModel>) => m.status === 'past_due';
  async run(m: BillingModel, real: BillingReal): Promise<void> {
    await sim(real, '/clock/advance', { seconds: 16 * 86_400 });
    if (m.cardDeclines) Object.assign(m, { plan: 'free', status: 'none', pending: null });
    else {
      m.status = 'active';
      m.charged += PRICE_CENTS[m.plan];
    }
    await expectMatches(m, real);
  }
  toString = () => 'RetriesRun';
}
