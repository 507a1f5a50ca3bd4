import { submitForm } from '@pds/testing';
import type Stripe from 'stripe';
import { simWithReceiver } from './support/sim-with-receiver';

const DAY = 86_400;

describe('payments-sim plan changes, schedules, dunning and invoices through the official stripe package', () => {
  const stack = simWithReceiver({ resetBeforeEach: true });

  /** A Pro subscription paid on the hosted page. */
  async function subscribe(): Promise<Stripe.Subscription> {
    const customer = await stack.sim.stripe.customers.create({ email: 'changes@example.com' });
    const session = await stack.sim.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
      success_url: 'http://app.example/done',
    });
    await stack.sim.submitCheckout(session.url!, 'pay');
    const id = (await stack.sim.stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    return stack.sim.stripe.subscriptions.retrieve(id);
  }

  const invoicesOf = async (subscription: Stripe.Subscription): Promise<Stripe.Invoice[]> =>
    (await stack.sim.stripe.invoices.list({ customer: subscription.customer as string })).data;

  it('should upgrade at once with always_invoice: a paid proration invoice, listed first, with a hosted page', async () => {
    const subscription = await subscribe();
    const item = subscription.items.data[0]!;
    const updated = await stack.sim.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: 'price_business_monthly' }],
      proration_behavior: 'always_invoice',
    });
    expect(updated.items.data[0]).toMatchObject({ id: item.id, price: { id: 'price_business_monthly' } });
    const [proration, first] = await invoicesOf(subscription);
    expect(proration).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      id: updated.latest_invoice,
    });
    expect(proration!.amount_paid).toBeGreaterThan(3900);
    expect(proration!.amount_paid).toBeLessThanOrEqual(4000);
    expect(proration!.lines.data.map((line) => line.amount > 0)).toEqual([false, true]);
    expect(first).toMatchObject({ billing_reason: 'subscription_create', amount_paid: 900 });
    expect(proration!.number).toMatch(/^[A-Z0-9]{8}-0002$/);
    expect(first!.number).toBe(proration!.number!.replace(/0002$/, '0001'));
    const page = await fetch(proration!.hosted_invoice_url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(proration!.number!);
    const event = await stack.receiver.waitForEvent(
      (candidate) =>
        candidate.type === 'customer.subscription.updated' &&
        candidate.data.previous_attributes !== undefined &&
        'items' in candidate.data.previous_attributes,
      'the plan change event',
    );
    expect(event.data.object).toMatchObject({
      items: { data: [{ price: { id: 'price_business_monthly' } }] },
    });
  });

  it('should refuse a one-time price and an unknown item id, as Stripe answers', async () => {
    const subscription = await subscribe();
    const item = subscription.items.data[0]!;
    await expect(
      stack.sim.stripe.subscriptions.update(subscription.id, {
        items: [{ id: item.id, price: 'price_boost_hour' }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'items[0][price]' });
    await expect(
      stack.sim.stripe.subscriptions.update(subscription.id, {
        items: [{ id: 'si_nope', price: 'price_business_monthly' }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'items[0][id]' });
  });

  it('should downgrade at the period end through a schedule made from the subscription', async () => {
    const subscription = await subscribe();
    const item = subscription.items.data[0]!;
    await stack.sim.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: 'price_business_monthly' }],
      proration_behavior: 'always_invoice',
    });
    const schedule = await stack.sim.stripe.subscriptionSchedules.create({
      from_subscription: subscription.id,
    });
    expect(schedule).toMatchObject({
      status: 'active',
      subscription: subscription.id,
      end_behavior: 'release',
    });
    const phase = schedule.phases[0]!;
    expect(phase).toMatchObject({ start_date: item.current_period_start, end_date: item.current_period_end });
    await stack.sim.stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      phases: [
        {
          items: [{ price: 'price_business_monthly', quantity: 1 }],
          start_date: phase.start_date,
          end_date: phase.end_date,
        },
        { items: [{ price: 'price_pro_monthly', quantity: 1 }] },
      ],
    });
    const scheduled = await stack.sim.stripe.subscriptions.retrieve(subscription.id, {
      expand: ['schedule'],
    });
    expect(scheduled.schedule).toMatchObject({
      id: schedule.id,
      phases: [{}, { start_date: phase.end_date }],
    });
    await expect(
      stack.sim.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await stack.sim.control('POST', `/subscriptions/${subscription.id}/advance-to-period-end`);
    const renewed = await stack.sim.stripe.subscriptions.retrieve(subscription.id, {
      expand: ['latest_invoice'],
    });
    expect(renewed.items.data[0]!.price.id).toBe('price_pro_monthly');
    expect(renewed.latest_invoice).toMatchObject({ billing_reason: 'subscription_cycle', amount_paid: 900 });
    // The schedule stays in its last phase until that ends; releasing it keeps the subscription as it is.
    expect(await stack.sim.stripe.subscriptionSchedules.retrieve(schedule.id)).toMatchObject({
      status: 'active',
      current_phase: { start_date: phase.end_date },
    });
    const released = await stack.sim.stripe.subscriptionSchedules.release(schedule.id);
    expect(released).toMatchObject({
      status: 'released',
      released_subscription: subscription.id,
      subscription: null,
    });
    expect((await stack.sim.stripe.subscriptions.retrieve(subscription.id)).schedule).toBeNull();
  });

  it('should retry a declined renewal 3 days later and pay it once the card is fixed', async () => {
    const subscription = await subscribe();
    await stack.sim.control('POST', `/subscriptions/${subscription.id}/fail-next-renewal`);
    await stack.sim.control('POST', `/subscriptions/${subscription.id}/advance-to-period-end`);
    const [declined] = await invoicesOf(subscription);
    const end = subscription.items.data[0]!.current_period_end;
    expect(declined).toMatchObject({ status: 'open', attempt_count: 1, next_payment_attempt: end + 3 * DAY });
    expect((await stack.sim.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    await stack.sim.control('POST', `/subscriptions/${subscription.id}/fix-card`);
    await stack.sim.control('POST', '/clock/advance', { seconds: 3 * DAY });
    expect(await stack.sim.stripe.invoices.retrieve(declined!.id)).toMatchObject({
      status: 'paid',
      attempt_count: 2,
    });
    expect((await stack.sim.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    await stack.receiver.waitForEvent(
      (event) =>
        event.type === 'customer.subscription.updated' &&
        event.data.object.status === 'active' &&
        event.data.previous_attributes?.status === 'past_due',
      'active again',
    );
  });

  it('should cancel the subscription for payment_failed once every retry is declined', async () => {
    const subscription = await subscribe();
    await stack.sim.control('POST', `/subscriptions/${subscription.id}/fail-next-renewal`);
    await stack.sim.control('POST', `/subscriptions/${subscription.id}/advance-to-period-end`);
    await stack.sim.control('POST', '/clock/advance', { seconds: 15 * DAY });
    const ended = await stack.sim.stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'payment_failed' } });
    const deleted = await stack.receiver.waitForEvent(
      (event) => event.type === 'customer.subscription.deleted',
      'deleted',
    );
    expect(deleted.data.object).toMatchObject({ id: subscription.id });
    const failures = stack.receiver.events().filter((event) => event.type === 'invoice.payment_failed');
    expect(failures.map((event) => event.data.object.attempt_count)).toEqual([1, 2, 3, 4]);
  });

  it('should change plan and fix the card in the hosted portal', async () => {
    const subscription = await subscribe();
    const portal = await stack.sim.stripe.billingPortal.sessions.create({
      customer: subscription.customer as string,
    });
    await submitForm(portal.url, 'Change to Business');
    const upgraded = await stack.sim.stripe.subscriptions.retrieve(subscription.id);
    expect(upgraded.items.data[0]!.price.id).toBe('price_business_monthly');
    await submitForm(portal.url, 'Change to Pro');
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Changes to Pro on');
    expect(page).toContain('-0002');
    expect((await stack.sim.stripe.subscriptions.retrieve(subscription.id)).schedule).toMatch(/^sub_sched_/);
    await stack.sim.control('POST', `/subscriptions/${subscription.id}/fail-next-renewal`);
    expect(await (await fetch(portal.url)).text()).toContain('Your card was declined.');
    await submitForm(portal.url, 'Update payment method');
    expect(await (await fetch(portal.url)).text()).not.toContain('Your card was declined.');
  });
});
