import type { Interval } from '@pds/market';

/** The symbol of every stream the sim serves, in the lower case of stream names. */
export const STREAM_SYMBOL = 'btcusdt';

/**
 * Binance accepts any stream name, on the URL or in SUBSCRIBE, and sends nothing for one it has no
 * events for; only a name that cannot be one (empty, or with spaces or slashes) is an invalid request.
 */
export function isStreamName(name: unknown): name is string {
  return typeof name === 'string' && /^[^\s/]+$/.test(name);
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
