import type { Price, Subscription, SubscriptionItem } from '../ledger/objects';
import type { ProrationBehavior } from '../billing/plan-change';
import type { SimContext } from '../sim-context';
import type { Params } from '../wire/params';
import { invalidParam, noSuch } from '../wire/stripe-error';

const PRORATION: readonly ProrationBehavior[] = ['always_invoice', 'create_prorations', 'none'];
const PAYMENT_BEHAVIOR = [
  'allow_incomplete',
  'default_incomplete',
  'error_if_incomplete',
  'pending_if_incomplete',
] as const;

export interface ItemChange {
  readonly item: SubscriptionItem;
  readonly price: Price;
  readonly quantity: number;
  readonly proration: ProrationBehavior;
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
): ItemChange | undefined {
  const proration = params.optionalEnum('proration_behavior', PRORATION) ?? 'create_prorations';
  params.optionalEnum('payment_behavior', PAYMENT_BEHAVIOR);
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
  return { item, price, quantity, proration };
}
