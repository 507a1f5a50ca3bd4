import type { Ledger } from '../ledger/ledger';
import type { CheckoutSession, Price } from '../ledger/objects';

/** A session's `line_items` as Stripe lists them (`object: "item"`), in the order they were given. */
export function lineItemsOf(
  session: CheckoutSession,
  ledger: Ledger,
): { id: string; object: 'item'; [key: string]: unknown }[] {
  return session._items.map((item, index) => {
    const price = ledger.prices.get(item.price) as Price;
    const amount = price.unit_amount * item.quantity;
    return {
      // Stable per session and position, so a re-read lists the same ids.
      id: `li_${session.id.slice(8, 28)}${index}`,
      object: 'item',
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price.currency,
      description: price.nickname ?? price.product,
      price,
      quantity: item.quantity,
    };
  });
}
