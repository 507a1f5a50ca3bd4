import {
  compareDecimals,
  isWithinBasisPoints,
  midpointDecimal,
  scaleOf,
  subtractDecimals,
  toIsoTime,
  withScale,
} from '@pds/market';

/** docs/index.md, "Methodology": the numbers of the rule, in one place. */
export const INDEX_RULES = {
  /** A source whose last trade is older than this at the second is stale. */
  maxTradeAgeMs: 30_000,
  /** An included source farther than this from the reference is excluded (10 %). */
  excludeBeyondBps: 1000,
  /** An excluded source comes back once within this of the reference (5 %): hysteresis. */
  readmitWithinBps: 500,
  /** Fewer included sources than this: no index for the second. */
  minSources: 2,
} as const;

/** What the index knows of one exchange at a second: its latest trade and whether its feed is live. */
export interface SourceQuote {
  readonly exchange: string;
  /** The exchange's latest trade price (a decimal string), if it has traded since the process started. */
  readonly price: string | undefined;
  /** That trade's time, epoch ms (the exchange's trade time). */
  readonly tradeTime: number | undefined;
  readonly live: boolean;
}

export type ExclusionReason = 'dark' | 'stale' | 'deviation' | 'too-few-sources';

/** One exchange as the second's index shows it (the `sources` of the index resource). */
export interface IndexComponent {
  readonly exchange: string;
  readonly price: string;
  readonly time: string;
  readonly included: boolean;
  readonly reason?: ExclusionReason;
}

/** The index at one second of the UTC grid; `price` and `confidence` only when available. */
export interface IndexSecond {
  /** The second, epoch ms (a multiple of 1000). */
  readonly time: number;
  readonly price?: string;
  readonly confidence?: string;
  readonly sources: readonly IndexComponent[];
  /** Sources live with a trade at most `maxTradeAgeMs` old. */
  readonly liveSources: number;
}

/** The exchanges excluded for their distance, carried from second to second (the hysteresis). */
export type DeviationStanding = ReadonlySet<string>;

export interface IndexStep {
  readonly second: IndexSecond;
  readonly standing: DeviationStanding;
}

interface Fresh {
  readonly exchange: string;
  readonly price: string;
}

/**
 * The index rule (docs/index.md) for the second `time`: the median of the included sources' latest
 * prices, with half their spread as the confidence. A source is a candidate when its feed is live and
 * its last trade at most 30 s old; a candidate is included unless it is farther than 10 % from the
 * reference (5 % to come back once excluded). The reference is the median of the candidates' prices,
 * or the other's price when there are two: a single far source cannot move it past the middle price.
 */
export function indexAt(
  time: number,
  quotes: readonly SourceQuote[],
  standing: DeviationStanding,
): IndexStep {
  const fresh: Fresh[] = [];
  for (const quote of quotes) {
    if (isFresh(quote, time)) fresh.push({ exchange: quote.exchange, price: quote.price ?? '' });
  }
  const excluded = new Set(standing);
  for (const source of fresh) {
    const reference = referenceFor(source, fresh);
    if (reference === undefined) continue;
    const limit = excluded.has(source.exchange) ? INDEX_RULES.readmitWithinBps : INDEX_RULES.excludeBeyondBps;
    if (isWithinBasisPoints(source.price, reference, limit)) excluded.delete(source.exchange);
    else excluded.add(source.exchange);
  }
  const kept = fresh.filter((source) => !excluded.has(source.exchange));
  const available = kept.length >= INDEX_RULES.minSources;
  const sources = quotes.flatMap((quote) => componentOf(quote, time, excluded, available));
  const second = { time, sources, liveSources: fresh.length };
  if (!available) return { second, standing: excluded };
  const prices = kept.map((source) => source.price);
  const scale = Math.max(...prices.map(scaleOf));
  return { second: { ...second, ...priceAndBand(prices, scale) }, standing: excluded };
}

function isFresh(quote: SourceQuote, time: number): boolean {
  return (
    quote.live &&
    quote.price !== undefined &&
    quote.tradeTime !== undefined &&
    time - quote.tradeTime <= INDEX_RULES.maxTradeAgeMs
  );
}

function referenceFor(source: Fresh, fresh: readonly Fresh[]): string | undefined {
  if (fresh.length < 2) return undefined;
  if (fresh.length === 2) return fresh.find((other) => other !== source)?.price;
  return medianDecimal(fresh.map((other) => other.price));
}

function componentOf(
  quote: SourceQuote,
  time: number,
  excluded: DeviationStanding,
  available: boolean,
): IndexComponent[] {
  if (quote.price === undefined || quote.tradeTime === undefined) return [];
  const base = { exchange: quote.exchange, price: quote.price, time: toIsoTime(quote.tradeTime) };
  const reason = exclusionOf(quote, time, excluded, available);
  return [reason === undefined ? { ...base, included: true } : { ...base, included: false, reason }];
}

function exclusionOf(
  quote: SourceQuote,
  time: number,
  excluded: DeviationStanding,
  available: boolean,
): ExclusionReason | undefined {
  if (!quote.live) return 'dark';
  if (!isFresh(quote, time)) return 'stale';
  if (excluded.has(quote.exchange)) return 'deviation';
  return available ? undefined : 'too-few-sources';
}

function priceAndBand(prices: readonly string[], scale: number): { price: string; confidence: string } {
  const sorted = sortDecimals(prices);
  const spread = subtractDecimals(sorted.at(-1) ?? '0', sorted[0] ?? '0');
  return {
    price: withScale(medianOfSorted(sorted, scale), scale),
    confidence: midpointDecimal(spread, '0', scale),
  };
}

/** The exact median: the middle price, or the mean of the two middle ones rounded half to even. */
export function medianDecimal(prices: readonly string[]): string {
  const scale = Math.max(0, ...prices.map(scaleOf));
  return medianOfSorted(sortDecimals(prices), scale);
}

function medianOfSorted(sorted: readonly string[], scale: number): string {
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? '0';
  return sorted.length % 2 === 1 ? upper : midpointDecimal(sorted[middle - 1] ?? '0', upper, scale);
}

function sortDecimals(prices: readonly string[]): string[] {
  return [...prices].sort(compareDecimals);
}
