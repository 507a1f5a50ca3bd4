import { splitSource } from '@pds/redis';
import type { StoredKline } from '../klines/klines-selection';

export interface KlineMessage extends StoredKline {
  readonly isClosed: boolean;
}

/**
 * A Kline as the ingestor stores and publishes it (an open one with its exchange): the JSON as
 * served, its openTime and exchange; undefined when it is not one.
 */
export function parseKlineMessage(record: string): KlineMessage | undefined {
  const { json, source } = splitSource(record);
  try {
    const value = JSON.parse(json) as { openTime?: unknown; isClosed?: unknown };
    const openTime = typeof value.openTime === 'string' ? Date.parse(value.openTime) : Number.NaN;
    if (!Number.isFinite(openTime) || typeof value.isClosed !== 'boolean') return undefined;
    return source === undefined
      ? { openTime, json, isClosed: value.isClosed }
      : { openTime, json, isClosed: value.isClosed, source };
  } catch {
    return undefined;
  }
}
