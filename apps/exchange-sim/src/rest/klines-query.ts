import { type Interval, isInterval } from '@pds/market';
import type { KlineWindowRequest } from '../market/kline-window';
import { BinanceError } from './binance-error';
import { QueryReader, type RawQuery } from './query-reader';

const KLINES_PARAMETERS = ['symbol', 'interval', 'startTime', 'endTime', 'limit', 'timeZone'] as const;
export const DEFAULT_KLINES_LIMIT = 500;
export const MAX_KLINES_LIMIT = 1000;
/** The sim keeps UTC intervals only; a zero offset in any of Binance's spellings is accepted. */
const UTC_TIME_ZONE = /^[+-]?0{1,2}(:00)?$/;

export interface KlinesQuery extends KlineWindowRequest {
  readonly interval: Interval;
}

/**
 * GET /api/v3/klines parameters: `symbol` (BTCUSDT), `interval` (the nine the sim keeps), optional
 * `startTime`/`endTime` (ms), `limit` (default 500, 1..1000) and `timeZone` (UTC only).
 */
export function parseKlinesQuery(query: RawQuery): KlinesQuery {
  const reader = new QueryReader(query, KLINES_PARAMETERS);
  reader.symbol();
  const interval = reader.required('interval');
  if (!isInterval(interval)) throw BinanceError.badInterval();
  const startTime = reader.optionalUnsigned('startTime');
  const endTime = reader.optionalUnsigned('endTime');
  const limit = reader.optionalUnsigned('limit') ?? DEFAULT_KLINES_LIMIT;
  if (limit < 1 || limit > MAX_KLINES_LIMIT) throw BinanceError.invalidParameter('limit');
  const timeZone = reader.optional('timeZone');
  if (timeZone !== undefined && !UTC_TIME_ZONE.test(timeZone))
    throw BinanceError.invalidParameter('timeZone');
  return { interval, startTime, endTime, limit };
}
