import { submitForm } from '@pds/testing';
import { until } from './support/admin-api';
import type { SignedInUser } from './support/accounts-api';
import { billingApi, billingStackForFile, newPayer, rateLimitOf } from './support/billing-stack';
import {
  accountOf,
  accountWhen,
  invoicesOf,
  limitOn,
  proCustomer,
  SETTLE_MS,
  webhooksSettled,
} from './support/billing-customers';

/**
 * Issue 54: the findings of events in an order nobody planned, each replayed from outside through
 * two gateway replicas and the payments simulator (CONTRACT section 10).
 */
describe('billing: money stays right in every order of events', () => {
  const stack = billingStackForFile('billing-event-orders');

  const customerOf = async (user: SignedInUser): Promise<string> =>
    (await stack.harness.redis.hget(
      stack.harness.keys.account((await accountOf(stack, user)).id),
      'stripeCustomerId',
    )) ?? '';

  it('should keep a cancellation and void the invoice at once when an upgrade is declined, and never charge it once the card is fixed', async () => {
    const { user, key, subscription } = await proCustomer(stack, 'declined-keeps-cancel@example.test');
    const api = billingApi(stack.gateways[0], user);
    expect((await api.changePlan('free')).status).toBe(200);
    await stack.sim.control('POST', `/subscriptions/${subscription}/fail-next-renewal`);
    expect((await api.changePlan('business')).status).toBe(402);
    await webhooksSettled(stack);
    expect(await accountOf(stack, user)).toMatchObject({
      plan: 'pro',
      subscription: { status: 'active', cancelAtPeriodEnd: true },
    });
    expect((await invoicesOf(stack, user)).map((invoice) => invoice.status)).toEqual(['void', 'paid']);

    await stack.sim.control('POST', `/subscriptions/${subscription}/fix-card`);
    await stack.sim.control('POST', `/subscriptions/${subscription}/advance-to-period-end`);
    await limitOn(stack.gateways[1], key, 40);
    await webhooksSettled(stack);
    expect((await accountOf(stack, user)).plan).toBe('free');
    expect((await invoicesOf(stack, user)).map((invoice) => invoice.status)).toEqual(['void', 'paid']);
  });

  it('should expire the first Checkout when a second is opened, so only one can be paid', async () => {
    const user = await newPayer(stack, 'two-checkouts@example.test');
    const api = billingApi(stack.gateways[0], user);
    const first = (await api.checkout('pro')).body as { url: string };
    const second = (await api.checkout('business')).body as { url: string };
    expect((await fetch(first.url)).status).toBe(410);
    await submitForm(second.url, 'Pay');
    await accountWhen(stack, user, (view) => view.plan === 'business', 'business');
    const customer = await customerOf(user);
    const all = await stack.sim.stripe.subscriptions.list({ customer, status: 'all' });
    expect(all.data.map((subscription) => subscription.status)).toEqual(['active']);
  });

  it('should cancel and refund at once a second subscription paid all the same, keeping the first', async () => {
    const { user, key, subscription } = await proCustomer(stack, 'second-paid@example.test');
    const customer = await customerOf(user);
    const accountId = (await accountOf(stack, user)).id;
    // A second Checkout made around the gateway (a race the expiry cannot see), paid.
    const extra = await stack.sim.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: accountId,
      line_items: [{ price: 'price_business_monthly', quantity: 1 }],
      metadata: { accountId, plan: 'business' },
      success_url: 'http://app.example/ok',
    });
    await submitForm(extra.url!, 'Pay');
    const paid = await stack.sim.stripe.checkout.sessions.retrieve(extra.id);
    const second = paid.subscription as string;
    // Cancelled, then refunded, by the webhook's handler: both awaited, the limits generous (a busy machine).
    await until(
      () => stack.sim.stripe.subscriptions.retrieve(second),
      (found) => found.status === 'canceled',
      SETTLE_MS,
      'the second subscription cancelled',
    );
    const [payment] = (await stack.sim.stripe.invoicePayments.list({ invoice: paid.invoice as string })).data;
    const refunds = await until(
      () => stack.sim.stripe.refunds.list({ payment_intent: payment!.payment.payment_intent as string }),
      (found) => found.data.length > 0,
      SETTLE_MS,
      'the second subscription refunded',
    );
    expect(refunds.data.map((refund) => refund.amount)).toEqual([payment!.amount_paid]);
    await webhooksSettled(stack);
    expect((await accountOf(stack, user)).plan).toBe('pro');
    expect((await stack.sim.stripe.subscriptions.retrieve(subscription)).status).toBe('active');
    expect(await rateLimitOf(stack.gateways[1], key)).toBe(300);

    // Cancelling the plan ends the one that is left: back to free, nothing charged again.
    expect((await billingApi(stack.gateways[0], user).changePlan('free')).status).toBe(200);
    await stack.sim.control('POST', `/subscriptions/${subscription}/advance-to-period-end`);
    await limitOn(stack.gateways[1], key, 40);
    // Paid: the first Pro invoice and the refunded Business one; no renewal of either.
    const paidInvoices = await stack.sim.stripe.invoices.list({ customer, status: 'paid' });
    expect(paidInvoices.data).toHaveLength(2);
  });
});
