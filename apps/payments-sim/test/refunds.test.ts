import type Stripe from 'stripe';
import { simWithReceiver } from './support/sim-with-receiver';
import {
  subscriptionSession as newSubscriptionSession,
  waitForEvent as waitForStackEvent,
} from './support/subscription-session';

/** Issue 54: what one live subscription per account needs of Stripe, in its wire format. */
describe('payments-sim: expiring a Checkout, refunding a paid invoice', () => {
  const stack = simWithReceiver();

  const waitForEvent = (type: string, objectId: string): Promise<Stripe.Event> =>
    waitForStackEvent(stack, type, objectId);
  const subscriptionSession = (accountId: string): Promise<Stripe.Checkout.Session> =>
    newSubscriptionSession(stack, accountId);

  it('should expire an open session on request, and refuse to expire one already paid', async () => {
    const session = await subscriptionSession('acc_expired_on_request');
    const expired = await stack.sim.stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    expect((await fetch(session.url!)).status).toBe(410);
    const paid = await subscriptionSession('acc_paid_then_expired');
    await stack.sim.submitCheckout(paid.url!, 'pay');
    await expect(stack.sim.stripe.checkout.sessions.expire(paid.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
    });
  });

  it('should refund the payment intent of a paid invoice once, found through its invoice payment', async () => {
    const session = await subscriptionSession('acc_refunded');
    await stack.sim.submitCheckout(session.url!, 'pay');
    const { invoice } = await stack.sim.stripe.checkout.sessions.retrieve(session.id);
    const payments = await stack.sim.stripe.invoicePayments.list({ invoice: invoice as string });
    expect(payments.data).toHaveLength(1);
    const intent = payments.data[0]!.payment.payment_intent as string;
    expect(payments.data[0]).toMatchObject({ object: 'invoice_payment', amount_paid: 900, status: 'paid' });
    const refund = await stack.sim.stripe.refunds.create({ payment_intent: intent, reason: 'duplicate' });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 900,
      status: 'succeeded',
      payment_intent: intent,
    });
    await waitForEvent('refund.created', refund.id);
    await expect(stack.sim.stripe.refunds.create({ payment_intent: intent })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    expect((await stack.sim.stripe.refunds.list({ payment_intent: intent })).data).toHaveLength(1);
  });
});
