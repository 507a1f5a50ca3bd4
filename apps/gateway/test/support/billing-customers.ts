import type { RunningApp } from '@pds/testing';
import { until } from './admin-api';
import type { SignedInUser } from './accounts-api';
import {
  billingApi,
  type BillingStack,
  newPayer,
  rateLimitOf,
  subscribe,
  subscriptionIdOf,
} from './billing-stack';

/** How long a change may take to show, on a busy machine: a limit on the wait, not a measure. */
export const SETTLE_MS = 60_000;

/** GET /api/v1/account, as far as the billing tests read it. */
export interface AccountView {
  readonly id: string;
  readonly plan: string;
  readonly subscription: {
    readonly status: string;
    readonly currentPeriodEnd: string;
    readonly cancelAtPeriodEnd: boolean;
    readonly pendingPlan: string | null;
  } | null;
  readonly limits: { requestsPerMinute: number; wsConnections: number; apiKeys: number };
}

/** One invoice of GET /api/v1/billing/invoices. */
export interface InvoiceView {
  readonly id: string;
  readonly number: string;
  readonly createdAt: string;
  readonly amount: string;
  readonly currency: string;
  readonly status: string;
  readonly url: string;
}

/** The user's account as a replica shows it: the second by default (webhooks reach the first). */
export async function accountOf(
  stack: BillingStack,
  user: SignedInUser,
  replica: 0 | 1 = 1,
): Promise<AccountView> {
  return (await billingApi(stack.gateways[replica], user).account()).body as AccountView;
}

/** Resolves with the user's account once `done` holds for it on the replica (the second by default). */
export async function accountWhen(
  stack: BillingStack,
  user: SignedInUser,
  done: (view: AccountView) => boolean,
  what: string,
  replica: 0 | 1 = 1,
): Promise<AccountView> {
  return until(() => accountOf(stack, user, replica), done, SETTLE_MS, what);
}

/** The user's invoices, newest first, as the second replica lists them. */
export async function invoicesOf(stack: BillingStack, user: SignedInUser): Promise<InvoiceView[]> {
  const answer = await billingApi(stack.gateways[1], user).invoices();
  if (answer.status !== 200) throw new Error(`invoices: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { invoices: InvoiceView[] }).invoices;
}

/** Resolves once `key`'s rate limit is `limit` on `gateway`. */
export async function limitOn(gateway: RunningApp, key: string, limit: number): Promise<void> {
  await until(
    () => rateLimitOf(gateway, key),
    (value) => value === limit,
    SETTLE_MS,
    `a limit of ${limit}`,
  );
}

export interface ProCustomer {
  readonly user: SignedInUser;
  readonly key: string;
  /** Its Stripe subscription id, as the simulator knows it. */
  readonly subscription: string;
}

/** Resolves once `key`'s rate limit is `limit` on every replica. */
export async function limitOnEveryReplica(stack: BillingStack, key: string, limit: number): Promise<void> {
  for (const gateway of stack.gateways) await limitOn(gateway, key, limit);
}

/** The card declines from now on and the period ends: the renewal fails, the subscription is past due. */
export async function renewalDeclined(stack: BillingStack, subscription: string): Promise<void> {
  await stack.sim.control('POST', `/subscriptions/${subscription}/fail-next-renewal`);
  await stack.sim.control('POST', `/subscriptions/${subscription}/advance-to-period-end`);
}

/** Resolves once every webhook the simulator has sent so far was answered by the gateway. */
export async function webhooksSettled(stack: BillingStack): Promise<void> {
  await until(
    () => stack.sim.deliveries(),
    (deliveries) => deliveries.every((delivery) => delivery.state === 'delivered'),
    SETTLE_MS,
    'every webhook delivered',
  );
}

/** A signed-up user on Pro with one key whose limit is Pro's on every replica. */
export async function proCustomer(stack: BillingStack, email: string): Promise<ProCustomer> {
  const user = await newPayer(stack, email);
  const key = await billingApi(stack.gateways[0], user).createKey();
  await subscribe(stack.gateways[0], user, 'pro');
  await limitOnEveryReplica(stack, key, 300);
  const account = (await billingApi(stack.gateways[1], user).account()).body as { id: string };
  return { user, key, subscription: await subscriptionIdOf(stack, account.id) };
}
