import { BinanceRestClient, fetchKlineHistory } from '@pds/exchange/standalone';
import { type Interval, intervalMs, type Kline, type MarketSymbol } from '@pds/market';

/**
 * Every kline with openTime in [from, to] from an exchange's REST API (the simulator's), page by
 * page, as the exchange has it: closed by the exchange's own clock (its `/api/v3/time`), which in
 * the tests is the clock the service under test was moved to (SERVICE_CLOCK_OFFSET_MS).
 */
export async function exchangeHistory(
  restUrl: string,
  symbol: MarketSymbol,
  interval: Interval,
  from: number,
  to: number,
): Promise<Kline[]> {
  const rest = new BinanceRestClient({ baseUrl: restUrl, now: await exchangeClock(restUrl) });
  return fetchKlineHistory(rest, symbol, interval, from, to);
}

/** The exchange's clock as its `GET /api/v3/time` tells it, read once and then run locally. */
export async function exchangeClock(restUrl: string): Promise<() => number> {
  const rest = new BinanceRestClient({ baseUrl: restUrl });
  const offsetMs = (await rest.serverTime()) - Date.now();
  return () => Date.now() + offsetMs;
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
