import { INTERVALS, type MarketSymbol } from '@pds/market';

/** The trade stream and the nine kline streams of a symbol, e.g. `btcusdt@trade`, `btcusdt@kline_1m`. */
export function marketStreamNames(symbol: MarketSymbol): string[] {
  const lower = symbol.toLowerCase();
  return [`${lower}@trade`, ...INTERVALS.map((interval) => `${lower}@kline_${interval}`)];
}

/** One combined-stream connection for all of them: `<base>/stream?streams=a/b/…`. */
export function combinedStreamUrl(wsBaseUrl: string, symbol: MarketSymbol): string {
  // Stream names hold only [a-z0-9@_]; the `/` separators must stay unescaped, as Binance documents.
  return `${wsBaseUrl.replace(/\/+$/, '')}/stream?streams=${marketStreamNames(symbol).join('/')}`;
}
