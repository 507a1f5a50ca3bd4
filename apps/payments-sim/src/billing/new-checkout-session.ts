import type { CheckoutSession, LineItem, Metadata, Price } from '../ledger/objects';
import { newId } from '../wire/ids';

/** Checkout sessions stay payable for 24 hours, as Stripe's default `expires_at`. */
const SESSION_LIFETIME_SECONDS = 24 * 3600;

export interface CheckoutRequest {
  readonly mode: CheckoutSession['mode'];
  readonly customer: string | null;
  readonly customerEmail: string | null;
  readonly items: readonly { readonly price: Price; readonly quantity: number }[];
  readonly clientReferenceId: string | null;
  readonly metadata: Metadata;
  readonly subscriptionMetadata: Metadata;
  readonly successUrl: string | null;
  readonly cancelUrl: string | null;
}

/** An open, unpaid session whose `url` is the simulator's hosted page and whose success URL names it. */
export function newCheckoutSession(
  request: CheckoutRequest,
  now: number,
  publicUrl: string,
): CheckoutSession {
  const id = newId('cs_test');
  const total = request.items.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
  const items: LineItem[] = request.items.map((item) => ({ price: item.price.id, quantity: item.quantity }));
  return {
    id,
    object: 'checkout.session',
    created: now,
    livemode: false,
    amount_subtotal: total,
    amount_total: total,
    cancel_url: request.cancelUrl,
    client_reference_id: request.clientReferenceId,
    currency: request.items[0]?.price.currency ?? 'usd',
    customer: request.customer,
    customer_details: null,
    customer_email: request.customerEmail,
    expires_at: now + SESSION_LIFETIME_SECONDS,
    invoice: null,
    metadata: request.metadata,
    mode: request.mode,
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    // Stripe replaces the literal {CHECKOUT_SESSION_ID} so the success page can look the session up.
    success_url: request.successUrl?.replaceAll('{CHECKOUT_SESSION_ID}', id) ?? null,
    ui_mode: 'hosted',
    url: `${publicUrl}/c/pay/${id}`,
    _items: items,
    _subscriptionMetadata: request.subscriptionMetadata,
  };
}
