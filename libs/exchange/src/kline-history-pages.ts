import type { Interval, Kline, MarketSymbol } from '@pds/market';
import type { ExchangeAdapter } from './exchange-adapter';

/** Binance's largest page of GET /api/v3/klines. */
const PAGE = 1000;

/**
 * Every kline with openTime in [from, to] from the exchange's REST history, page by page, each page
 * from just after the last kline of the one before: the history has holes and klines off the
 * interval grid (trading halts), so a page is not a fixed number of intervals long.
 */
export async function fetchKlineHistory(
  exchange: Pick<ExchangeAdapter, 'fetchKlines'>,
  symbol: MarketSymbol,
  interval: Interval,
  from: number,
  to: number,
): Promise<Kline[]> {
  const all: Kline[] = [];
  for (let start = from; start <= to;) {
    const { klines } = await exchange.fetchKlines(symbol, interval, {
      startTime: start,
      endTime: to,
      limit: PAGE,
    });
    all.push(...klines);
    const last = klines.at(-1);
    if (!last || klines.length < PAGE) break;
    start = Date.parse(last.openTime) + 1;
  }
  return all;
}
