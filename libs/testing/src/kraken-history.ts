import type { MergedInterval } from '@pds/exchange';
import {
  mergeHourKlines,
  KRAKEN_NATIVE_MINUTES,
  klinesFromOhlcResult,
  KrakenRestClient,
} from '@pds/exchange/standalone';
import type { Interval, Kline } from '@pds/market';

/**
 * The klines Kraken's REST (the Kraken simulator at `restUrl`) has for BTC/USDT, read and turned
 * into klines exactly as libs/exchange does (its interval table, rows and hour merge: the code under
 * test here is the simulator, and libs/exchange's own specs hold those to hand-written values): the
 * latest 720 entries of the interval (no entry for a span without trades), the last one still open;
 * 6h and 12h merged from the 1h entries (CONTRACT section 11). `since` (epoch ms) keeps the entries
 * that open after it (and the open one, as Kraken does).
 */
export async function krakenKlines(restUrl: string, interval: Interval, since?: number): Promise<Kline[]> {
  const native = KRAKEN_NATIVE_MINUTES[interval];
  const rest = new KrakenRestClient({ baseUrl: restUrl });
  const sinceSeconds = since === undefined ? undefined : Math.floor(since / 1000);
  const answer = await rest.ohlc('btcusdt', native ?? 60, sinceSeconds);
  if (native !== undefined) return klinesFromOhlcResult(answer.result, interval, answer.exchangeTime);
  const hours = klinesFromOhlcResult(answer.result, '1h', answer.exchangeTime);
  return mergeHourKlines(interval as MergedInterval, hours);
}
