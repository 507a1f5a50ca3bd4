/**
 * Kraken's BTC/USDT as its documentation describes it: the REST pair `XBTUSDT` (altname `XBTUSDT`,
 * `wsname` `XBT/USDT`, base `XXBT`), the WebSocket v2 symbol `BTC/USDT`, prices on a 0.1 tick
 * (`pair_decimals` 1) and volumes with 8 decimals (`lot_decimals` 8).
 */
export const KRAKEN_PAIR = 'XBTUSDT';
export const KRAKEN_WS_SYMBOL = 'BTC/USDT';

/** The spellings Kraken's REST accepts for the pair: its key and altname, with BTC or XBT, with a slash. */
const PAIR_NAMES = new Set(['XBTUSDT', 'XXBTUSDT', 'BTCUSDT', 'XBT/USDT', 'BTC/USDT']);

export function isKrakenPair(name: string): boolean {
  return PAIR_NAMES.has(name.toUpperCase());
}

/** OHLC intervals in minutes, REST and WebSocket alike (no 6h or 12h). */
export const KRAKEN_INTERVALS = [1, 5, 15, 30, 60, 240, 1440, 10080, 21600] as const;
export type KrakenInterval = (typeof KRAKEN_INTERVALS)[number];

export function isKrakenInterval(value: number): value is KrakenInterval {
  return (KRAKEN_INTERVALS as readonly number[]).includes(value);
}

/** The OHLC endpoint keeps the latest 720 entries of each interval; nothing older can be read. */
export const OHLC_WINDOW = 720;
