/** Trading pairs the service serves, in the lower-case form of the public interface. */
export const MARKET_SYMBOLS = ['btcusdt'] as const;

export type MarketSymbol = (typeof MARKET_SYMBOLS)[number];

export const DEFAULT_SYMBOL: MarketSymbol = 'btcusdt';

export function isMarketSymbol(value: unknown): value is MarketSymbol {
  return typeof value === 'string' && (MARKET_SYMBOLS as readonly string[]).includes(value);
}

/** The exchange spells symbols in upper case in REST parameters and payloads (`BTCUSDT`). */
export function exchangeSymbol(symbol: MarketSymbol): string {
  return symbol.toUpperCase();
}
