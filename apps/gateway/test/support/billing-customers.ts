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
const SETTLE_MS = 60_000;

export interface ProCustomer {
  readonly user: SignedInUser;
  readonly key: string;
  /** Its Stripe subscription id, as the simulator knows it. */
  readonly subscription: string;
}

/** Resolves once `key`'s rate limit is `limit` on every replica. */
export async function limitOnEveryReplica(stack: BillingStack, key: string, limit: number): Promise<void> {
  for (const gateway of stack.gateways)
    await until(
      () => rateLimitOf(gateway, key),
      (value) => value === limit,
      SETTLE_MS,
      `a limit of ${limit}`,
    );
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
