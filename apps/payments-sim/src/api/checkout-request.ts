import type { CheckoutRequest } from '../billing/new-checkout-session';
import type { Ledger } from '../ledger/ledger';
import type { Price } from '../ledger/objects';
import type { Params } from '../wire/params';
import { invalidParam, missingParam, noSuch, StripeError } from '../wire/stripe-error';

/** Parameters stripe-node may send that change nothing on the simulator's hosted page; accepted, ignored. */
const IGNORED = [
  'allow_promotion_codes',
  'billing_address_collection',
  'locale',
  'payment_method_types',
  'customer_creation',
  'submit_type',
];

export const CHECKOUT_CREATE_PARAMS = [
  'mode',
  'customer',
  'customer_email',
  'line_items',
  'client_reference_id',
  'metadata',
  'subscription_data',
  'payment_intent_data',
  'success_url',
  'cancel_url',
  'expand',
  ...IGNORED,
];

function optionalUrl(params: Params, key: string): string | null {
  const value = params.optionalString(key);
  if (value === undefined) return null;
  // {CHECKOUT_SESSION_ID} is not valid in a URL until Stripe substitutes it.
  if (!URL.canParse(value.replaceAll('{CHECKOUT_SESSION_ID}', 'x'))) {
    throw new StripeError(400, 'invalid_request_error', 'Not a valid URL', 'url_invalid', key);
  }
  return value;
}

function lineItems(params: Params, ledger: Ledger, mode: CheckoutRequest['mode']): CheckoutRequest['items'] {
  const items = params.objectList('line_items');
  if (items.length === 0) throw missingParam('line_items');
  return items.map((item, index) => {
    item.allowOnly(['price', 'quantity']);
    const priceId = item.string('price');
    const price: Price | undefined = ledger.prices.get(priceId);
    if (!price) throw noSuch('price', priceId, `line_items[${index}][price]`);
    const quantity = item.optionalInteger('quantity', 1, 999_999);
    if (quantity === undefined) throw missingParam(`line_items[${index}][quantity]`);
    if (mode === 'payment' && price.type === 'recurring') {
      throw invalidParam(
        `line_items[${index}][price]`,
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      );
    }
    if (mode === 'subscription' && price.type === 'one_time' && index === 0) {
      throw invalidParam(
        `line_items[${index}][price]`,
        'You must provide at least one recurring price in `subscription` mode when using prices.',
      );
    }
    return { price, quantity };
  });
}

/** Reads `checkout.sessions.create` as Stripe validates it. */
export function readCheckoutRequest(params: Params, ledger: Ledger): CheckoutRequest {
  params.allowOnly(CHECKOUT_CREATE_PARAMS);
  const mode = params.optionalEnum('mode', ['subscription', 'payment']);
  if (!mode) throw missingParam('mode');
  const customer = params.optionalString('customer') ?? null;
  const customerEmail = params.optionalString('customer_email') ?? null;
  if (customer !== null && customerEmail !== null) {
    throw invalidParam(
      'customer_email',
      'You may only specify one of these parameters: customer, customer_email.',
    );
  }
  if (customer !== null && !ledger.customers.has(customer)) throw noSuch('customer', customer, 'customer');
  return {
    mode,
    customer,
    customerEmail,
    items: lineItems(params, ledger, mode),
    clientReferenceId: params.optionalString('client_reference_id') ?? null,
    metadata: params.metadata(),
    subscriptionMetadata: params.optionalObject('subscription_data')?.metadata() ?? {},
    successUrl: optionalUrl(params, 'success_url'),
    cancelUrl: optionalUrl(params, 'cancel_url'),
  };
}
