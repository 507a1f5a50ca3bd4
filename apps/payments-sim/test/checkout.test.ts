import { PAYMENTS_SIM_SECRET_KEY, PAYMENTS_SIM_WEBHOOK_SECRET, submitForm } from '@pds/testing';
import type Stripe from 'stripe';
import { simWithReceiver } from './support/sim-with-receiver';
import {
  APP,
  subscriptionSession as newSubscriptionSession,
  waitForEvent as waitForStackEvent,
} from './support/subscription-session';

describe('payments-sim hosted Checkout and portal', () => {
  const stack = simWithReceiver();

  const eventTypes = (): string[] => stack.receiver.events().map((event) => event.type);
  const waitForEvent = (type: string, objectId: string): Promise<Stripe.Event> =>
    waitForStackEvent(stack, type, objectId);
  const subscriptionSession = (accountId: string): Promise<Stripe.Checkout.Session> =>
    newSubscriptionSession(stack, accountId);

  it('should serve an open session whose url is a hosted page with a strict CSP and no script', async () => {
    const session = await subscriptionSession('acc_page');
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      mode: 'subscription',
      subscription: null,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.success_url).toBe(`${APP}/billing/done?session=${session.id}`);
    const page = await fetch(session.url!);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`form-action 'self' ${APP}`);
    expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    expect(html).toContain('Pro');
    expect(html).toContain('$9.00 / month');
  });

  it('should pay a subscription session: redirect to success_url, active subscription, signed webhooks', async () => {
    const session = await subscriptionSession('acc_paid');
    const redirect = await stack.sim.submitCheckout(session.url!, 'pay');
    expect(redirect).toEqual({ status: 303, location: `${APP}/billing/done?session=${session.id}` });
    const completed = await waitForEvent('checkout.session.completed', session.id);
    expect(completed).toMatchObject({ object: 'event', livemode: false, api_version: '2026-10-28.endive' });
    expect(completed.id).toMatch(/^evt_/);
    const paid = await stack.sim.stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(paid).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'acc_paid',
      metadata: { account_id: 'acc_paid' },
    });
    const subscription = paid.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: session.customer,
      cancel_at_period_end: false,
    });
    expect(subscription.id).toMatch(/^sub_/);
    const item = subscription.items.data[0]!;
    expect(item.price.id).toBe('price_pro_monthly');
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start);
    expect(subscription.latest_invoice).toMatch(/^in_/);
    const created = await waitForEvent('customer.subscription.created', subscription.id);
    expect(created.data.object).toMatchObject({ status: 'incomplete' });
    const activated = await waitForEvent('customer.subscription.updated', subscription.id);
    expect(activated.data).toMatchObject({
      object: { status: 'active' },
      previous_attributes: { status: 'incomplete' },
    });
    const invoicePaid = await waitForEvent('invoice.paid', subscription.latest_invoice as string);
    expect(invoicePaid.data.object).toMatchObject({
      status: 'paid',
      amount_paid: 900,
      parent: { subscription_details: { subscription: subscription.id } },
    });
    const completedSession = completed.data.object as Stripe.Checkout.Session;
    expect(completedSession).toMatchObject({ subscription: subscription.id, payment_status: 'paid' });
  });

  it('should leave a declined session open and redirect to cancel_url', async () => {
    const session = await subscriptionSession('acc_declined');
    expect(await stack.sim.submitCheckout(session.url!, 'decline')).toEqual({
      status: 303,
      location: `${APP}/billing/cancelled`,
    });
    expect(await stack.sim.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
    });
    const open = await stack.sim.stripe.checkout.sessions.list({
      customer: session.customer as string,
      status: 'open',
    });
    expect(open.data.map((listed) => listed.id)).toEqual([session.id]);
    const since = await stack.sim.stripe.checkout.sessions.list({ created: { gte: session.created + 3600 } });
    expect(since.data).toEqual([]);
  });

  it('should pay a one-time boost with a succeeded payment intent', async () => {
    const customer = await stack.sim.stripe.customers.create({ email: 'boost@example.com' });
    const session = await stack.sim.stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [{ price: 'price_boost_day', quantity: 1 }],
      client_reference_id: 'acc_boost',
      success_url: `${APP}/boost/done`,
    });
    await stack.sim.submitCheckout(session.url!, 'pay');
    await waitForEvent('checkout.session.completed', session.id);
    const paid = await stack.sim.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent'],
    });
    expect(paid).toMatchObject({
      customer_details: { email: 'boost@example.com' },
      status: 'complete',
      payment_status: 'paid',
      subscription: null,
      amount_total: 1000,
    });
    expect(paid.payment_intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 1000,
    });
    const items = await stack.sim.stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data.map((item) => item.price?.id)).toEqual(['price_boost_day']);
  });

  it('should cancel at period end from the portal, and cancel now', async () => {
    const session = await subscriptionSession('acc_portal');
    await stack.sim.submitCheckout(session.url!, 'pay');
    const { subscription } = await stack.sim.stripe.checkout.sessions.retrieve(session.id);
    const portal = await stack.sim.stripe.billingPortal.sessions.create({
      customer: session.customer as string,
      return_url: `${APP}/account`,
    });
    expect(portal.id).toMatch(/^bps_/);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain(`href="${APP}/account"`);
    expect(await submitForm(portal.url, 'Cancel at period end')).toMatchObject({ status: 303 });
    const updated = await stack.receiver.waitForEvent(
      (event) =>
        event.type === 'customer.subscription.updated' &&
        event.data.object.id === subscription &&
        event.data.object.cancel_at_period_end,
      'cancel at period end',
    );
    expect(updated.data.object).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    expect(updated.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    await submitForm(portal.url, 'Cancel now');
    const deleted = await waitForEvent('customer.subscription.deleted', subscription as string);
    expect(deleted.data.object).toMatchObject({ status: 'canceled' });
    const listed = await stack.sim.stripe.subscriptions.list({
      customer: session.customer as string,
      status: 'all',
    });
    expect(listed.data.map((listedSubscription) => listedSubscription.status)).toEqual(['canceled']);
    expect(
      (await stack.sim.stripe.subscriptions.list({ customer: session.customer as string })).data,
    ).toEqual([]);
    expect(eventTypes()).toContain('customer.subscription.deleted');
  });

  it('should update cancel_at_period_end and cancel through the API', async () => {
    const session = await subscriptionSession('acc_api');
    await stack.sim.submitCheckout(session.url!, 'pay');
    const id = (await stack.sim.stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const updated = await stack.sim.stripe.subscriptions.update(id, { cancel_at_period_end: true });
    expect(updated).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: updated.items.data[0]!.current_period_end,
    });
    const canceled = await stack.sim.stripe.subscriptions.cancel(id);
    expect(canceled).toMatchObject({ status: 'canceled', id });
  });

  it('should expire an open session once the clock passes expires_at', async () => {
    const session = await subscriptionSession('acc_expiring');
    await stack.sim.control('POST', '/clock/advance', { seconds: 24 * 3600 });
    expect(await stack.sim.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'expired',
      url: null,
    });
    expect((await fetch(session.url!)).status).toBe(410);
    await waitForEvent('checkout.session.expired', session.id);
  });

  it('should never log the secret key, the webhook secret or a session URL', () => {
    const output = stack.sim.app.output.join('\n');
    expect(output).toContain('webhook-attempt');
    for (const secret of [
      PAYMENTS_SIM_SECRET_KEY,
      PAYMENTS_SIM_WEBHOOK_SECRET,
      'cs_test_',
      '/c/pay/',
      '/p/session/',
    ]) {
      expect(output).not.toContain(secret);
    }
  });
});
