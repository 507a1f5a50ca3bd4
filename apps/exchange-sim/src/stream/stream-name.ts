import { type Interval, isInterval } from '@pds/market';

/** The symbol of every stream the sim serves, in the lower case of stream names. */
export const STREAM_SYMBOL = 'btcusdt';

export type StreamTopic =
  | { readonly kind: 'trade' }
  | { readonly kind: 'aggTrade' }
  | { readonly kind: 'kline'; readonly interval: Interval };

const STREAM_NAME = /^([a-z0-9]+)@(trade|aggTrade|kline_([0-9a-zA-Z]+))$/;

/**
 * `<symbol>@trade`, `<symbol>@aggTrade` or `<symbol>@kline_<interval>` for the sim's symbol and
 * intervals; anything else (another symbol, an upper-case symbol, a stream the sim does not
 * simulate) is refused, so a misconfigured client fails loudly instead of waiting for silence.
 */
export function parseStreamName(name: string): StreamTopic | undefined {
  const match = STREAM_NAME.exec(name);
  if (!match || match[1] !== STREAM_SYMBOL) return undefined;
  const [, , topic, interval] = match;
  if (topic === 'trade' || topic === 'aggTrade') return { kind: topic };
  return isInterval(interval) ? { kind: 'kline', interval } : undefined;
}

export function tradeStream(): string {
  return `${STREAM_SYMBOL}@trade`;
}

export function aggTradeStream(): string {
  return `${STREAM_SYMBOL}@aggTrade`;
}

export function klineStream(interval: Interval): string {
  return `${STREAM_SYMBOL}@kline_${interval}`;
}
