import { openTimeOfKlineJson } from '@pds/market';
import type { StoredKline } from '../market-data/klines/klines-selection';

/** The stored open kline of an index interval, with its openTime; none when nothing is stored. */
export function openKlineOf(json: string | null): StoredKline | undefined {
  return json === null ? undefined : { json, openTime: openTimeOfKlineJson(json) };
}
