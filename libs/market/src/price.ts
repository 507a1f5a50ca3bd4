import { toIsoTime } from './time';

/** The Price resource exactly as the interface shows it. */
export interface Price {
  readonly price: string;
  readonly time: string;
}

/** A Price from the exchange's last trade: its price string untouched, its trade time. */
export function priceOf(price: string, tradeTimeMs: number): Price {
  return { price, time: toIsoTime(tradeTimeMs) };
}
