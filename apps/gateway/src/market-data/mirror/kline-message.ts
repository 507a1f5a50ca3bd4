import type { StoredKline } from '../klines/klines-selection';

export interface KlineMessage extends StoredKline {
  readonly isClosed: boolean;
}

/** A Kline JSON as the ingestor stores and publishes it; undefined when it is not one. */
export function parseKlineMessage(json: string): KlineMessage | undefined {
  try {
    const value = JSON.parse(json) as { openTime?: unknown; isClosed?: unknown };
    const openTime = typeof value.openTime === 'string' ? Date.parse(value.openTime) : Number.NaN;
    if (!Number.isFinite(openTime) || typeof value.isClosed !== 'boolean') return undefined;
    return { openTime, json, isClosed: value.isClosed };
  } catch {
    return undefined;
  }
}
