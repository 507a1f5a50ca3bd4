import { BinanceRestClient, fetchKlineHistory } from '@pds/exchange';
import { type Interval, intervalMs, type Kline, type MarketSymbol } from '@pds/market';

/** Every kline with openTime in [from, to] from an exchange's REST API (the simulator's), page by page. */
export function exchangeHistory(
  restUrl: string,
  symbol: MarketSymbol,
  interval: Interval,
  from: number,
  to: number,
): Promise<Kline[]> {
  return fetchKlineHistory(new BinanceRestClient({ baseUrl: restUrl }), symbol, interval, from, to);
}

export interface HistoryHoles {
  /** Open times that appear more than once. */
  readonly duplicates: number[];
  /** Open times missing between the first and the last. */
  readonly missing: number[];
}

/** What keeps ascending open times from being one kline per interval with none left out. */
export function historyHoles(openTimes: readonly number[], interval: Interval): HistoryHoles {
  const step = intervalMs(interval);
  const duplicates: number[] = [];
  const missing: number[] = [];
  for (let index = 1; index < openTimes.length; index += 1) {
    const previous = openTimes[index - 1] ?? 0;
    const current = openTimes[index] ?? 0;
    if (current === previous) duplicates.push(current);
    for (let expected = previous + step; expected < current; expected += step) missing.push(expected);
  }
  return { duplicates, missing };
}
