import type { Interval, MarketSymbol } from '@pds/market';
import type { LiveStreamTuning } from '../exchange-adapter';

/** Kraken's public Spot WebSocket v2 and REST hosts (docs.kraken.com). */
export const KRAKEN_WS_URL = 'wss://ws.kraken.com/v2';
export const KRAKEN_REST_URL = 'https://api.kraken.com';

/** `btcusdt` on Kraken: `BTC/USDT` on WebSocket v2, `XBTUSDT` on REST (CONTRACT section 11). */
const PAIRS: Readonly<Record<MarketSymbol, { readonly ws: string; readonly rest: string }>> = {
  btcusdt: { ws: 'BTC/USDT', rest: 'XBTUSDT' },
};

export function krakenWsSymbol(symbol: MarketSymbol): string {
  return PAIRS[symbol].ws;
}

export function krakenRestPair(symbol: MarketSymbol): string {
  return PAIRS[symbol].rest;
}

/** Intervals Kraken serves itself, in its minutes (REST `interval`, WebSocket `ohlc` `interval`). */
export const KRAKEN_NATIVE_MINUTES: Readonly<Partial<Record<Interval, number>>> = {
  '1m': 1,
  '5m': 5,
  '15m': 15,
  '30m': 30,
  '1h': 60,
  '4h': 240,
  '1d': 1440,
};

/** Kraken has no 6h or 12h: those are merged exactly from its 1h klines. */
export const KRAKEN_MERGED_INTERVALS = ['6h', '12h'] as const satisfies readonly Interval[];

export function intervalOfKrakenMinutes(minutes: number): Interval | undefined {
  const entry = Object.entries(KRAKEN_NATIVE_MINUTES).find(([, value]) => value === minutes);
  return entry?.[0] as Interval | undefined;
}

/** Kraken's OHLC endpoint answers at most the latest 720 klines of an interval. */
export const KRAKEN_OHLC_WINDOW = 720;

export const KRAKEN_STREAM_TUNING: LiveStreamTuning = {
  // Kraken sends a heartbeat about every second when nothing else flows, so 10 s of nothing is dead.
  silenceMs: 10_000,
  // Kraken documents no maximum connection age: replace a connection once a day all the same, so a
  // connection stuck on a degraded server does not live for ever.
  maxConnectionAgeMs: 23 * 3_600_000 + 50 * 60_000,
  reconnectInitialMs: 250,
  reconnectMaxMs: 30_000,
  healthyAfterMs: 60_000,
  // Kraken documents no fixed number for new connections (its spot WebSocket message rate is
  // "dynamic", answered with "Exceeded msg rate"): a conservative 60 per 5 minutes of our own.
  connectionsPer5Minutes: 60,
};
