import type Stripe from 'stripe';
import type { SimWithReceiver } from './sim-with-receiver';

/** Where the sessions of these tests send a payer back (no page is served there). */
export const APP = 'http://app.example';

/** Waits for the webhook of `type` about the object `objectId`. */
export function waitForEvent(stack: SimWithReceiver, type: string, objectId: string): Promise<Stripe.Event> {
  return stack.receiver.waitForEvent(
    (event) => event.type === type && (event.data.object as { id: string }).id === objectId,
    `${type} for ${objectId}`,
  );
}

/** A new customer of `accountId` and an open Checkout session for its Pro subscription. */
export async function subscriptionSession(
  stack: SimWithReceiver,
  accountId: string,
): Promise<Stripe.Checkout.Session> {
  const customer = await stack.sim.stripe.customers.create({
    email: `${accountId}@example.com`,
    metadata: { account_id: accountId },
  });
  return stack.sim.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
    client_reference_id: accountId,
    metadata: { account_id: accountId },
    success_url: `${APP}/billing/done?session={CHECKOUT_SESSION_ID}`,
    cancel_url: `${APP}/billing/cancelled`,
  });
}
