/** The `/klines` stream's range: inclusive bounds on openTime (epoch ms), as getKlines reads them. */
export interface OpenTimeRange {
  readonly from?: number;
  readonly to?: number;
}

export const UNBOUNDED: OpenTimeRange = {};

export function inRange(range: OpenTimeRange, openTime: number): boolean {
  return (
    (range.from === undefined || openTime >= range.from) && (range.to === undefined || openTime <= range.to)
  );
}

/** A kline after the range's end shows the range is over: nothing in it will change any more. */
export function isPastRange(range: OpenTimeRange, openTime: number): boolean {
  return range.to !== undefined && openTime > range.to;
}

const OPEN_TIME = /"openTime":"([^"]+)"/;

/**
 * The openTime of a Kline message, epoch ms, without parsing the whole JSON (once per message, not
 * per socket). NaN when the message has none.
 */
export function openTimeOfMessage(message: string): number {
  const iso = OPEN_TIME.exec(message)?.[1];
  return iso === undefined ? Number.NaN : Date.parse(iso);
}
