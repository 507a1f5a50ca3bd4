import { until } from './support/admin-api';
import { billingApi, billingStackForFile, newPayer, rateLimitOf } from './support/billing-stack';
import {
  accountOf,
  accountWhen,
  invoicesOf,
  limitOnEveryReplica,
  proCustomer,
  webhooksSettled,
  renewalDeclined,
} from './support/billing-customers';

const DAY = 86_400;

/**
 * Issue 34: an upgrade applies once its prorated charge is paid (Stripe's pending updates), with a
 * preview of that charge first; a scheduled change can be withdrawn; a plan that ends leaves no
 * invoice open.
 */
describe('billing: an upgrade applies once paid, on two gateway replicas', () => {
  const stack = billingStackForFile('billing-paid-upgrade');

  it('should answer 402 to an upgrade whose prorated charge is declined, voiding its invoice at once, the plan and limits unchanged on every replica', async () => {
    const { user, key, subscription } = await proCustomer(stack, 'declined-upgrade@example.test');
    // The card declines from now on; the subscription is still active (no renewal has failed).
    await stack.sim.control('POST', `/subscriptions/${subscription}/fail-next-renewal`);
    const refused = await billingApi(stack.gateways[0], user).changePlan('business');
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      code: 'PAYMENT_REQUIRED',
      message:
        'The card was declined for the prorated charge of Business; the plan is unchanged. Update the card in the billing portal and try again.',
    });
    await webhooksSettled(stack);
    expect(await accountOf(stack, user, 0)).toMatchObject({
      plan: 'pro',
      subscription: { status: 'active' },
    });
    expect(await accountOf(stack, user, 1)).toMatchObject({ plan: 'pro' });
    for (const gateway of stack.gateways) expect(await rateLimitOf(gateway, key)).toBe(300);
    // The declined change's invoice is voided at once (CONTRACT section 10): nothing is left to charge.
    const [proration] = await invoicesOf(stack, user);
    expect(proration).toMatchObject({ status: 'void' });
    expect(Number(proration!.amount)).toBeGreaterThan(39);

    // A card fixed afterwards neither charges the declined change nor applies it.
    await stack.sim.control('POST', `/subscriptions/${subscription}/fix-card`);
    await stack.sim.control('POST', '/clock/advance', { seconds: DAY });
    await webhooksSettled(stack);
    expect((await invoicesOf(stack, user)).map((invoice) => invoice.status)).toEqual(['void', 'paid']);
    expect((await accountOf(stack, user)).plan).toBe('pro');
    expect(await rateLimitOf(stack.gateways[1], key)).toBe(300);
  });

  it('should answer 409 to a plan change while a renewal is past due', async () => {
    const { user, subscription } = await proCustomer(stack, 'past-due-upgrade@example.test');
    await renewalDeclined(stack, subscription);
    await accountWhen(stack, user, (view) => view.subscription?.status === 'past_due', 'past_due');
    const refused = await billingApi(stack.gateways[1], user).changePlan('business');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'CONFLICT',
      message: 'A payment of the subscription is past due; fix the payment in the billing portal first',
    });
    expect((await accountOf(stack, user)).plan).toBe('pro');
  });

  it('should preview the prorated charge of an upgrade and then charge exactly that', async () => {
    const { user, key } = await proCustomer(stack, 'previewer@example.test');
    const api = billingApi(stack.gateways[0], user);
    const preview = await api.preview('business');
    expect(preview.status).toBe(200);
    const quote = preview.body as {
      plan: string;
      amountDue: string;
      currency: string;
      effective: string;
      at: string;
    };
    expect(quote).toMatchObject({ plan: 'business', currency: 'usd', effective: 'now' });
    expect(quote.amountDue).toMatch(/^\d+\.\d{2}$/);
    expect(Number(quote.amountDue)).toBeGreaterThan(39);
    expect(Number.isNaN(Date.parse(quote.at))).toBe(false);

    expect((await api.changePlan('business')).status).toBe(200);
    await limitOnEveryReplica(stack, key, 1200);
    const [charged] = await invoicesOf(stack, user);
    expect(charged).toMatchObject({ amount: quote.amountDue, status: 'paid' });

    const down = (await api.preview('pro')).body as { effective: string; amountDue: string; at: string };
    const account = await accountOf(stack, user);
    expect(down).toEqual({
      plan: 'pro',
      amountDue: '0.00',
      currency: 'usd',
      effective: 'period_end',
      at: account.subscription?.currentPeriodEnd,
    });
    expect(await api.preview('business')).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect(await api.preview('platinum')).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    const stranger = await newPayer(stack, 'no-plan-preview@example.test');
    expect(await billingApi(stack.gateways[1], stranger).preview('pro')).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT' },
    });
  });

  it('should withdraw a scheduled downgrade when the current plan is asked for, releasing its schedule', async () => {
    const { user, subscription } = await proCustomer(stack, 'withdrawer@example.test');
    const api = billingApi(stack.gateways[1], user);
    expect((await api.changePlan('business')).status).toBe(200);
    expect((await api.changePlan('pro')).body).toMatchObject({
      plan: 'business',
      subscription: { pendingPlan: 'pro' },
    });
    const scheduled = await stack.sim.stripe.subscriptions.retrieve(subscription);
    const scheduleId = scheduled.schedule as string | null;
    expect(scheduleId).not.toBeNull();
    expect((await api.changePlan('business')).body).toMatchObject({
      plan: 'business',
      subscription: { pendingPlan: null },
    });
    const schedule = await stack.sim.stripe.subscriptionSchedules.retrieve(scheduleId ?? '');
    expect(schedule.status).toBe('released');
  });

  it('should void the open invoices of a plan that ended when every retry was declined', async () => {
    const { user, key, subscription } = await proCustomer(stack, 'voided@example.test');
    await renewalDeclined(stack, subscription);
    await stack.sim.control('POST', '/clock/advance', { seconds: 16 * DAY });
    await limitOnEveryReplica(stack, key, 40);
    const invoices = await until(
      () => invoicesOf(stack, user),
      (list) => list[0]?.status === 'void',
      5_000,
      'the unpaid renewal void',
    );
    expect(invoices.map((invoice) => invoice.status)).toEqual(['void', 'paid']);
    const events = await stack.sim.stripe.events.list({ type: 'invoice.voided' });
    expect(
      events.data.filter((event) => (event.data.object as { id: string }).id === invoices[0]?.id),
    ).toHaveLength(1);
  });
});
