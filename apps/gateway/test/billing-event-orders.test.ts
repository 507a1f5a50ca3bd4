import { until } from './support/admin-api';
import type { SignedInUser } from './support/accounts-api';
import {
  billingApi,
  type BillingStack,
  newPayer,
  rateLimitOf,
  startBillingStack,
  subscribe,
  subscriptionIdOf,
} from './support/billing-stack';

interface AccountView {
  readonly id: string;
  readonly plan: string;
  readonly subscription: {
    status: string;
    cancelAtPeriodEnd: boolean;
    pendingPlan: string | null;
  } | null;
}

interface InvoiceView {
  readonly amount: string;
  readonly status: string;
}

/**
 * Issue 54: the findings of events in an order nobody planned, each replayed from outside through
 * two gateway replicas and the payments simulator (CONTRACT section 10).
 */
describe('billing: money stays right in every order of events', () => {
  let stack: BillingStack;

  beforeAll(async () => {
    stack = await startBillingStack('billing-event-orders');
  });

  afterAll(async () => {
    await stack.close();
  });

  const accountOf = async (user: SignedInUser): Promise<AccountView> =>
    (await billingApi(stack.gateways[1], user).account()).body as AccountView;

  const invoicesOf = async (user: SignedInUser): Promise<InvoiceView[]> =>
    ((await billingApi(stack.gateways[1], user).invoices()).body as { invoices: InvoiceView[] }).invoices;

  const webhooksSettled = () =>
    until(
      () => stack.sim.deliveries(),
      (deliveries) => deliveries.every((delivery) => delivery.state === 'delivered'),
      10_000,
      'every webhook delivered',
    );

  async function proCustomer(
    email: string,
  ): Promise<{ user: SignedInUser; key: string; subscription: string }> {
    const user = await newPayer(stack, email);
    const key = await billingApi(stack.gateways[0], user).createKey();
    await subscribe(stack.gateways[0], user, 'pro');
    await until(
      () => rateLimitOf(stack.gateways[1], key),
      (limit) => limit === 300,
      5_000,
      'pro limits',
    );
    return { user, key, subscription: await subscriptionIdOf(stack, (await accountOf(user)).id) };
  }

  it('should keep a cancellation and void the invoice at once when an upgrade is declined, and never charge it once the card is fixed', async () => {
    const { user, key, subscription } = await proCustomer('declined-keeps-cancel@example.test');
    const api = billingApi(stack.gateways[0], user);
    expect((await api.changePlan('free')).status).toBe(200);
    await stack.sim.control('POST', `/subscriptions/${subscription}/fail-next-renewal`);
    expect((await api.changePlan('business')).status).toBe(402);
    await webhooksSettled();
    expect(await accountOf(user)).toMatchObject({
      plan: 'pro',
      subscription: { status: 'active', cancelAtPeriodEnd: true },
    });
    expect((await invoicesOf(user)).map((invoice) => invoice.status)).toEqual(['void', 'paid']);

    await stack.sim.control('POST', `/subscriptions/${subscription}/fix-card`);
    await stack.sim.control('POST', `/subscriptions/${subscription}/advance-to-period-end`);
    await until(
      () => rateLimitOf(stack.gateways[1], key),
      (limit) => limit === 40,
      5_000,
      'free limits',
    );
    await webhooksSettled();
    expect((await accountOf(user)).plan).toBe('free');
    expect((await invoicesOf(user)).map((invoice) => invoice.status)).toEqual(['void', 'paid']);
  });
});
