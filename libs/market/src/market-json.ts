import type { Kline } from './kline';
import type { Price } from './price';

/**
 * The stored and published forms, with the interface's exact field order (what the gateway serves
 * as it is), whatever order the object was built in. Every writer (ingestor, cache) uses these, so
 * the same kline is the same bytes and a repeated store changes nothing.
 */
export function klineJson(kline: Kline): string {
  const { openTime, closeTime, open, high, low, close, volume, trades, isClosed } = kline;
  return JSON.stringify({ openTime, closeTime, open, high, low, close, volume, trades, isClosed });
}

export function priceJson(price: Price): string {
  return JSON.stringify({ price: price.price, time: price.time });
}

const OPEN_TIME = /"openTime":"([^"]+)"/;

/**
 * The openTime (epoch ms) of Kline JSON in the HTTP shape, read without parsing the whole JSON;
 * NaN when it has none.
 */
export function openTimeOfKlineJson(json: string): number {
  const iso = OPEN_TIME.exec(json)?.[1];
  return iso === undefined ? Number.NaN : Date.parse(iso);
}
