/** One exchange's latest price, as a decimal string. */
export interface ExchangePrice {
  readonly exchange: string;
  readonly price: string;
}

export interface ExchangeDeviation {
  readonly exchange: string;
  /** |price − median| / median, a plain ratio (0.02 is 2 %). */
  readonly ratio: number;
}

/** The median of `values` (the mean of the two middle ones for an even count); undefined for none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/**
 * The witnesses of CONTRACT section 11: each exchange's distance from the median of the given
 * (live) exchanges' latest prices, as a ratio of the median. Nothing while fewer than two have a
 * price: one exchange has no one to be compared with, and a 0 would claim agreement. A float is
 * exact enough for a ratio that only an alert reads; the served prices never pass through here.
 */
export function deviationRatios(prices: readonly ExchangePrice[]): ExchangeDeviation[] {
  const known = prices
    .map(({ exchange, price }) => ({ exchange, value: Number(price) }))
    .filter(({ value }) => Number.isFinite(value) && value > 0);
  if (known.length < 2) return [];
  const middle = median(known.map(({ value }) => value));
  if (middle === undefined || middle <= 0) return [];
  return known.map(({ exchange, value }) => ({ exchange, ratio: Math.abs(value - middle) / middle }));
}
