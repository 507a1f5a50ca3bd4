import {
  fromIsoTime,
  type Interval,
  intervalMs,
  type Kline,
  type MarketSymbol,
  openTimeOf,
} from '@pds/market';
import type { KlinePage, KlineRange, RefusedValue } from '../exchange-adapter';
import { type MergedInterval, mergeHourKlines } from './hour-merge';
import { KRAKEN_NATIVE_MINUTES, KRAKEN_OHLC_WINDOW } from './kraken-endpoints';
import type { KlineRowRules } from '../kline-row-rules';
import { serviceNow } from '../service-clock';
import { klinesFromOhlcResult } from './kraken-ohlc-rows';
import type { KrakenRestClient } from './kraken-rest-client';

/** Kraken's `since` is exclusive (entries after it), in epoch seconds. */
function sinceSecondsOf(startTime: number | undefined): number | undefined {
  return startTime === undefined ? undefined : Math.floor((startTime - 1) / 1000);
}

function inRange(klines: readonly Kline[], range: KlineRange): Kline[] {
  const { startTime, endTime, limit = 500 } = range;
  const within = klines.filter((kline) => {
    const open = fromIsoTime(kline.openTime);
    return (startTime === undefined || open >= startTime) && (endTime === undefined || open <= endTime);
  });
  // Like Binance: from startTime on, the first `limit`; without it, the most recent `limit`.
  return startTime === undefined ? within.slice(-limit) : within.slice(0, limit);
}

async function mergedKlines(
  rest: KrakenRestClient,
  symbol: MarketSymbol,
  interval: MergedInterval,
  range: KlineRange,
  refused: RefusedValue[],
): Promise<{ klines: Kline[]; exchangeTime: number }> {
  const windowStart = range.startTime === undefined ? undefined : openTimeOf(range.startTime, interval);
  const answer = await rest.ohlc(symbol, 60, sinceSecondsOf(windowStart));
  const hours = klinesFromOhlcResult(answer.result, '1h', serviceNow(), refusalsInto(refused));
  const first = hours[0];
  // A full answer (720 hours) may have cut the oldest window short: drop it rather than serve part.
  const incompleteBefore =
    first && hours.length >= KRAKEN_OHLC_WINDOW ? fromIsoTime(first.openTime) : Number.NEGATIVE_INFINITY;
  const klines = hours.length === 0 ? [] : mergeHourKlines(interval, hours, incompleteBefore);
  return { klines, exchangeTime: answer.exchangeTime };
}

/**
 * Klines of one interval from Kraken's `GET /0/public/OHLC`, in the shape of `fetchKlines`: native
 * intervals as Kraken has them, 6h and 12h merged exactly from its 1h klines. Kraken keeps only the
 * latest 720 klines of an interval, so an older range comes back empty or short.
 */
export async function fetchKrakenKlines(
  rest: KrakenRestClient,
  symbol: MarketSymbol,
  interval: Interval,
  range: KlineRange = {},
): Promise<KlinePage> {
  const minutes = KRAKEN_NATIVE_MINUTES[interval];
  const refused: RefusedValue[] = [];
  if (minutes === undefined) {
    const merged = await mergedKlines(rest, symbol, interval as MergedInterval, range, refused);
    return pageOf(inRange(merged.klines, range), merged.exchangeTime, refused);
  }
  if (minutes * 60_000 !== intervalMs(interval)) throw new RangeError(`no Kraken interval for ${interval}`);
  const answer = await rest.ohlc(symbol, minutes, sinceSecondsOf(range.startTime));
  const klines = klinesFromOhlcResult(answer.result, interval, serviceNow(), refusalsInto(refused));
  return pageOf(inRange(klines, range), answer.exchangeTime, refused);
}

function refusalsInto(refused: RefusedValue[]): KlineRowRules {
  return { refused: (reason, detail) => refused.push({ reason, detail }) };
}

function pageOf(klines: Kline[], exchangeTime: number, refused: RefusedValue[]): KlinePage {
  return { klines, usedWeight: undefined, exchangeTime, ...(refused.length > 0 ? { refused } : {}) };
}
