import type { Kline, Price } from '@pds/market';

/**
 * The stored and published forms, with the interface's exact field order (what the gateway serves
 * as it is), whatever order the object was built in.
 */
export function klineJson(kline: Kline): string {
  const { openTime, closeTime, open, high, low, close, volume, trades, isClosed } = kline;
  return JSON.stringify({ openTime, closeTime, open, high, low, close, volume, trades, isClosed });
}

export function priceJson(price: Price): string {
  return JSON.stringify({ price: price.price, time: price.time });
}
