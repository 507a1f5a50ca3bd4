const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Kline intervals in the order of the interface, each with its fixed length in milliseconds. */
const INTERVAL_MS = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': HOUR,
  '4h': 4 * HOUR,
  '6h': 6 * HOUR,
  '12h': 12 * HOUR,
  '1d': 24 * HOUR,
} as const;

export type Interval = keyof typeof INTERVAL_MS;

export const INTERVALS = Object.keys(INTERVAL_MS) as readonly Interval[];

export function isInterval(value: unknown): value is Interval {
  return typeof value === 'string' && Object.hasOwn(INTERVAL_MS, value);
}

export function intervalMs(interval: Interval): number {
  return INTERVAL_MS[interval];
}

/**
 * Start of the interval that contains `timeMs`. Every interval here divides a UTC day, and the
 * Unix epoch starts at 00:00Z, so flooring on epoch milliseconds aligns to UTC exactly as Binance does.
 */
export function openTimeOf(timeMs: number, interval: Interval): number {
  const length = intervalMs(interval);
  return Math.floor(timeMs / length) * length;
}

/** Binance's closeTime: the last millisecond of the interval. */
export function closeTimeOf(openTimeMs: number, interval: Interval): number {
  return openTimeMs + intervalMs(interval) - 1;
}
