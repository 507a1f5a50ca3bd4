import { until } from './admin-api';
import type { SignedInUser } from './accounts-api';
import { billingApi, type BillingStack, rateLimitOf } from './billing-stack';

/** How long a change may take to show, on a busy machine: a limit on the wait, not a measure. */
const SETTLE_MS = 60_000;

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

export const api = (real: BillingReal, replica: 0 | 1 = 0) =>
  billingApi(real.stack.gateways[replica], real.user);
export const sim = (real: BillingReal, path: string, body?: object) =>
  real.stack.sim.control('POST', path, body).then(() => undefined);

/** Every webhook sent so far has been answered by the gateway. */
export const webhooksSettled = (stack: BillingStack) =>
  until(
    () => stack.sim.deliveries(),
    (deliveries) => deliveries.every((delivery) => delivery.state === 'delivered'),
    SETTLE_MS,
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

export const deliveryWords = (delivery: Delivery) =>
  delivery === 'in-order' ? '' : `, webhooks ${delivery}`;

export async function subscriptionOf(real: BillingReal): Promise<string> {
  const list = await real.stack.sim.stripe.subscriptions.list({ customer: real.customer, status: 'all' });
  return list.data.find((each) => each.status !== 'canceled')?.id ?? '';
}

/** Cents refunded of the payment intents that paid `invoices`. */
async function refundedOf(real: BillingReal, invoices: readonly { id?: string }[]): Promise<number> {
  const { stripe } = real.stack.sim;
  let refunded = 0;
  for (const invoice of invoices) {
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id ?? '' });
    for (const payment of payments.data) {
      const intent = payment.payment.payment_intent;
      const id = typeof intent === 'string' ? intent : (intent?.id ?? '');
      const refunds = await stripe.refunds.list({ payment_intent: id });
      refunded += refunds.data.reduce((sum, refund) => sum + refund.amount, 0);
    }
  }
  return refunded;
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
      SETTLE_MS,
      `the ${model.plan} limit`,
    );
  const invoices = await stack.sim.stripe.invoices.list({ customer: real.customer, limit: 100 });
  const paid = invoices.data.filter((invoice) => invoice.status === 'paid');
  const gross = paid.reduce((sum, invoice) => sum + invoice.amount_paid, 0);
  expect(gross - (await refundedOf(real, paid))).toBe(model.charged);
  // Only a declined renewal stays open (while Stripe retries); a declined change's is void at once.
  const open = invoices.data.filter((invoice) => invoice.status === 'open');
  expect(open).toHaveLength(model.status === 'past_due' ? 1 : 0);
}
