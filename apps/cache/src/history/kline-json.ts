import type { Kline } from '@pds/market';

/**
 * The stored form, byte for byte what the ingestor writes (apps/ingestor/src/writer/market-json.ts):
 * the interface's field order, whatever order the object was built in. Identical JSON is what makes
 * a repeated store a no-op. (A candidate for libs/market, so both apps share one serialiser.)
 */
export function klineJson(kline: Kline): string {
  const { openTime, closeTime, open, high, low, close, volume, trades, isClosed } = kline;
  return JSON.stringify({ openTime, closeTime, open, high, low, close, volume, trades, isClosed });
}
