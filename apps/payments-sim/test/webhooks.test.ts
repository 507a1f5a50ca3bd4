import { eventually, type SimDelivery, startWebhookReceiver } from '@pds/testing';
import type Stripe from 'stripe';
import { simWithReceiver } from './support/sim-with-receiver';

describe('payments-sim webhook delivery, faults and the billing clock', () => {
  const stack = simWithReceiver({ resetBeforeEach: true });

  const types = (): string[] => stack.receiver.events().map((event) => event.type);
  const settled = (count: number): Promise<SimDelivery[]> =>
    eventually(async () => {
      const deliveries = await stack.sim.deliveries();
      const done = deliveries.filter((delivery) => !['pending'].includes(delivery.state));
      return done.length >= count && done.length === deliveries.length ? deliveries : undefined;
    }, `${count} settled deliveries`);

  /** A Business subscription paid on the hosted page; resolves with its id. */
  async function subscribe(): Promise<string> {
    const customer = await stack.sim.stripe.customers.create({ email: 'renewals@example.com' });
    const session = await stack.sim.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_business_monthly', quantity: 1 }],
      success_url: 'http://app.example/done',
    });
    await stack.sim.submitCheckout(session.url!, 'pay');
    return (await stack.sim.stripe.checkout.sessions.retrieve(session.id)).subscription as string;
  }

  it('should deliver the next event twice, with the same id and two valid signatures', async () => {
    await stack.sim.control('POST', '/webhooks/duplicate', { type: 'checkout.session.completed', count: 1 });
    await subscribe();
    await settled(5);
    const completed = stack.receiver.events().filter((event) => event.type === 'checkout.session.completed');
    expect(completed).toHaveLength(2);
    expect(completed[0]!.id).toBe(completed[1]!.id);
    expect(types().filter((type) => type === 'invoice.paid')).toHaveLength(1);
  });

  it('should send a past event again on request', async () => {
    await subscribe();
    await settled(4);
    const [created] = stack.receiver.events();
    expect(await stack.sim.control('POST', `/events/${created!.id}/resend`)).toEqual({ resent: 1 });
    await settled(5);
    expect(stack.receiver.events().filter((event) => event.id === created!.id)).toHaveLength(2);
  });

  it('should hold events and release them newest first', async () => {
    await stack.sim.control('POST', '/webhooks/hold', {});
    await subscribe();
    const held = await stack.sim.deliveries();
    expect(held.map((delivery) => delivery.state)).toEqual(['held', 'held', 'held', 'held']);
    expect(stack.receiver.received).toHaveLength(0);
    await stack.sim.control('DELETE', '/webhooks/rules');
    expect(await stack.sim.control('POST', '/webhooks/release', { order: 'reverse' })).toEqual({
      released: 4,
    });
    expect(types()).toEqual([
      'checkout.session.completed',
      'customer.subscription.updated',
      'invoice.paid',
      'customer.subscription.created',
    ]);
  });

  it('should drop matching events and never deliver them', async () => {
    await stack.sim.control('POST', '/webhooks/drop', { type: 'checkout.session.completed' });
    await subscribe();
    const deliveries = await settled(4);
    expect(deliveries.find((delivery) => delivery.eventType === 'checkout.session.completed')).toMatchObject({
      state: 'dropped',
      attempts: [],
    });
    expect(types()).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    const events = await stack.sim.stripe.events.list({ type: 'checkout.session.completed' });
    expect(events.data).toHaveLength(1);
  });

  it('should deliver a delayed event after the ones that followed it', async () => {
    await stack.sim.control('POST', '/webhooks/delay', { type: 'customer.subscription.created', ms: 300 });
    await subscribe();
    await settled(4);
    expect(types()).toEqual([
      'invoice.paid',
      'customer.subscription.updated',
      'checkout.session.completed',
      'customer.subscription.created',
    ]);
  });

  it('should retry with backoff on an error answer, recording each attempt', async () => {
    stack.receiver.failNext(2, 503, 'customer.subscription.created');
    await subscribe();
    const deliveries = await settled(4);
    const first = deliveries.find((delivery) => delivery.eventType === 'customer.subscription.created')!;
    expect(first.state).toBe('delivered');
    expect(first.attempts.map((attempt) => attempt.status)).toEqual([503, 503, 200]);
    const stats = await stack.sim.control<{ webhookRequests: Record<string, number> }>('GET', '/stats');
    expect(stats.webhookRequests).toEqual({ we_configured: 6 });
    expect(new Set(types())).toEqual(
      new Set([
        'customer.subscription.created',
        'invoice.paid',
        'customer.subscription.updated',
        'checkout.session.completed',
      ]),
    );
  });

  it('should mark a delivery failed after the last attempt when the signature is refused', async () => {
    const strict = await startWebhookReceiver('whsec_not_the_simulators');
    try {
      await stack.sim.stripe.webhookEndpoints.create({ url: strict.url, enabled_events: ['invoice.paid'] });
      await subscribe();
      const failed = await eventually(
        async () =>
          (await stack.sim.deliveries()).find(
            (delivery) => delivery.endpointId !== 'we_configured' && delivery.state === 'failed',
          ),
        'a failed delivery',
      );
      expect(failed.attempts.map((attempt) => attempt.status)).toEqual([400, 400, 400, 400, 400]);
      expect(strict.received.every((entry) => entry.error?.includes('No signatures found matching'))).toBe(
        true,
      );
    } finally {
      await strict.close();
    }
  });

  it('should renew at period end with invoice.paid and a new period', async () => {
    const id = await subscribe();
    const before = await stack.sim.stripe.subscriptions.retrieve(id);
    await stack.sim.control('POST', `/subscriptions/${id}/advance-to-period-end`);
    const after = await stack.sim.stripe.subscriptions.retrieve(id, { expand: ['latest_invoice'] });
    expect(after.status).toBe('active');
    expect(after.items.data[0]!.current_period_start).toBe(before.items.data[0]!.current_period_end);
    expect(after.latest_invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_cycle',
      amount_paid: 4900,
    });
    const renewal = await stack.receiver.waitForEvent(
      (event) => event.type === 'invoice.paid' && event.data.object.billing_reason === 'subscription_cycle',
      'renewal invoice.paid',
    );
    expect(renewal.data.object).toMatchObject({ id: (after.latest_invoice as Stripe.Invoice).id });
  });

  it('should make the next renewal fail: invoice.payment_failed and past_due', async () => {
    const id = await subscribe();
    await stack.sim.control('POST', `/subscriptions/${id}/fail-next-renewal`);
    expect(await stack.sim.control('POST', `/subscriptions/${id}/advance-to-period-end`)).toMatchObject({
      status: 'past_due',
    });
    const failed = await stack.receiver.waitForEvent(
      (event) => event.type === 'invoice.payment_failed',
      'invoice.payment_failed',
    );
    expect(failed.data.object).toMatchObject({ status: 'open', amount_paid: 0 });
    const updated = await stack.receiver.waitForEvent(
      (event) => event.type === 'customer.subscription.updated' && event.data.object.status === 'past_due',
      'past_due update',
    );
    expect(updated.data.previous_attributes).toMatchObject({ status: 'active' });
  });

  it('should end a subscription set to cancel at period end when the clock reaches it', async () => {
    const id = await subscribe();
    await stack.sim.stripe.subscriptions.update(id, { cancel_at_period_end: true });
    await stack.sim.control('POST', '/clock/advance', { seconds: 40 * 86_400 });
    const ended = await stack.sim.stripe.subscriptions.retrieve(id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: ended.items.data[0]!.current_period_end });
    const deleted = await stack.receiver.waitForEvent(
      (event) => event.type === 'customer.subscription.deleted',
      'deleted',
    );
    expect(deleted.data.object).toMatchObject({ id, status: 'canceled' });
  });

  it('should cancel through the control endpoint and reset everything', async () => {
    const id = await subscribe();
    expect(await stack.sim.control('POST', `/subscriptions/${id}/cancel`)).toMatchObject({
      status: 'canceled',
    });
    await stack.sim.control('POST', '/reset');
    await expect(stack.sim.stripe.subscriptions.retrieve(id)).rejects.toMatchObject({ statusCode: 404 });
    expect(await stack.sim.deliveries()).toEqual([]);
  });
});
