import type { Subscription, SubscriptionItem } from '../ledger/objects';
import type { PaymentBehavior, PriceChange, ProrationBehavior } from '../billing/plan-change';
import type { SimContext } from '../sim-context';
import type { Params } from '../wire/params';
import { invalidParam, noSuch } from '../wire/stripe-error';

const PRORATION: readonly ProrationBehavior[] = ['always_invoice', 'create_prorations', 'none'];
const PAYMENT_BEHAVIOR: readonly PaymentBehavior[] = [
  'allow_incomplete',
  'default_incomplete',
  'error_if_incomplete',
  'pending_if_incomplete',
];

/** `proration_date` must fall in the current period, as Stripe requires. */
function prorationDateOf(params: Params, item: SubscriptionItem): number | undefined {
  const date = params.optionalInteger('proration_date', 0, 99_999_999_999);
  if (date !== undefined && (date < item.current_period_start || date > item.current_period_end))
    throw invalidParam(
      'proration_date',
      'The proration_date must be within the current billing period of the subscription.',
      'parameter_invalid_integer',
    );
  return date;
}

/**
 * `items[0][id]` + `items[0][price]` (+ `quantity`) of `subscriptions.update`: the item's new price.
 * The simulator's subscriptions have one item, so an item is replaced, never added: `items[0][id]`
 * must name it. Undefined when the update does not touch items.
 */
export function readItemChange(
  context: SimContext,
  params: Params,
  subscription: Subscription,
): PriceChange | undefined {
  const proration = params.optionalEnum('proration_behavior', PRORATION) ?? 'create_prorations';
  const paymentBehavior = params.optionalEnum('payment_behavior', PAYMENT_BEHAVIOR);
  const [first, ...rest] = params.objectList('items');
  if (!first) return undefined;
  if (rest.length > 0)
    throw invalidParam(
      'items',
      'The simulator changes one subscription item per update',
      'parameter_invalid_array',
    );
  first.allowOnly(['id', 'price', 'quantity', 'metadata']);
  const itemId = first.string('id');
  const item = subscription.items.data.find((candidate) => candidate.id === itemId);
  if (!item) throw noSuch('subscription_item', itemId, 'items[0][id]');
  const priceId = first.optionalString('price') ?? item.price.id;
  const price = context.ledger.prices.get(priceId);
  if (!price) throw noSuch('price', priceId, 'items[0][price]');
  if (!price.recurring || price.currency !== subscription.currency)
    throw invalidParam(
      'items[0][price]',
      `The price ${priceId} must be a recurring price in ${subscription.currency} to be used on a subscription.`,
    );
  const quantity = first.optionalInteger('quantity', 1, 10_000) ?? item.quantity;
  return { item, price, quantity, proration, paymentBehavior, prorationDate: prorationDateOf(params, item) };
}
