/** The exchanges the service can read, by the names the settings use (CONTRACT section 11). */
export const EXCHANGE_NAMES = ['binance', 'binance-us', 'kraken'] as const;

export type ExchangeName = (typeof EXCHANGE_NAMES)[number];

export function isExchangeName(value: unknown): value is ExchangeName {
  return typeof value === 'string' && (EXCHANGE_NAMES as readonly string[]).includes(value);
}
