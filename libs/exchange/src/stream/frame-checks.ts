import { compareDecimals, type Kline, openTimeOf } from '@pds/market';
import type { StreamKline, StreamTrade } from '../live-stream';
import type { RefusalReason } from './refusal-reasons';

export { REFUSAL_REASONS, type RefusalReason } from './refusal-reasons';

/**
 * The rules of CONTRACT section 11 ("Untrusted frames") every value an exchange sends passes
 * before it is served or stored, whatever its wire format: the stream engine applies them to each
 * decoded trade and kline push, the REST clients to each kline row. One place per rule.
 */

/** A message (WebSocket frame or REST body) larger than this is refused unread. */
export const MAX_MESSAGE_BYTES = 1_048_576;
/** A number written with more digits than this is refused (no exchange needs more; 1e50000000 does). */
export const MAX_NUMBER_DIGITS = 40;
/**
 * A trade's quantity is refused above this many digits: a kline's volume, the sum of up to 10^10
 * such quantities, then still fits MAX_NUMBER_DIGITS (a longer sum made every write of it refused).
 */
export const MAX_QUANTITY_DIGITS = MAX_NUMBER_DIGITS - 10;
/** An event time more than this ahead of the service's clock (`service-clock.ts`) is refused. */
export const MAX_CLOCK_LEAD_MS = 60_000;
/** The largest epoch ms a JavaScript Date holds (±8.64e15): beyond it, `toISOString` throws. */
export const MAX_DATE_MS = 8_640_000_000_000_000;

/** The event times a check lets through, epoch ms, inclusive. */
export interface TimeBounds {
  /** The exchange's history start. */
  readonly notBefore: number;
  /** The service's clock + MAX_CLOCK_LEAD_MS (never beyond MAX_DATE_MS). */
  readonly notAfter: number;
  /** The service's clock: a kline is closed only once its close time has passed on it. */
  readonly now: number;
}

/** Bounds from the clock now (undefined: not known, only the Date range applies). */
export function timeBounds(historyStartMs: number, nowMs: number | undefined): TimeBounds {
  const notAfter = nowMs === undefined ? MAX_DATE_MS : nowMs + MAX_CLOCK_LEAD_MS;
  return { notBefore: historyStartMs, notAfter: Math.min(notAfter, MAX_DATE_MS), now: nowMs ?? MAX_DATE_MS };
}

const ZERO = 48; // '0'
const NINE = 57; // '9'
const DOT = 46; // '.'
const MINUS = 45; // '-'

/**
 * A decimal string (`-?\d+(\.\d+)?`) at most `maxDigits` digits long (MAX_NUMBER_DIGITS unless
 * given), above zero (or at least zero with `zeroAllowed`). One pass over the characters, no regex
 * and no allocation: it runs for every price and quantity. The length is compared first, so a
 * megabyte of digits costs nothing.
 */
export function checkDecimal(
  value: unknown,
  zeroAllowed = false,
  maxDigits = MAX_NUMBER_DIGITS,
): RefusalReason | undefined {
  if (typeof value !== 'string' || value.length === 0) return 'malformed';
  if (value.length > MAX_NUMBER_DIGITS + 2) return 'number-length';
  const negative = value.charCodeAt(0) === MINUS;
  let digits = 0;
  let nonZero = false;
  let dotAt = -1;
  for (let i = negative ? 1 : 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code === DOT) {
      if (dotAt >= 0 || digits === 0) return 'malformed';
      dotAt = i;
    } else if (code >= ZERO && code <= NINE) {
      digits += 1;
      if (code !== ZERO) nonZero = true;
    } else {
      return 'malformed';
    }
  }
  if (digits === 0 || dotAt === value.length - 1) return 'malformed';
  if (digits > maxDigits) return 'number-length';
  if (negative && nonZero) return 'not-positive';
  if (!nonZero && !zeroAllowed) return 'not-positive';
  return undefined;
}

/** An epoch-ms event time: an integer within the bounds. */
export function checkTime(time: unknown, bounds: TimeBounds): RefusalReason | undefined {
  if (typeof time !== 'number' || !Number.isSafeInteger(time)) return 'malformed';
  if (time < bounds.notBefore) return 'time-before-history';
  if (time > bounds.notAfter) return 'time-ahead';
  return undefined;
}

/** An exchange id (trade id, a kline's first/last trade id: -1 for "none"). */
function checkId(id: unknown, least: number): RefusalReason | undefined {
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= least ? undefined : 'malformed';
}

/** A trade: positive price and quantity, id an integer, trade and event time within the bounds. */
export function checkTrade(trade: StreamTrade, bounds: TimeBounds): RefusalReason | undefined {
  return (
    checkId(trade.id, 0) ??
    checkDecimal(trade.price) ??
    checkDecimal(trade.quantity, false, MAX_QUANTITY_DIGITS) ??
    checkTime(trade.time, bounds) ??
    checkTime(trade.eventTime, bounds)
  );
}

/** `low ≤ open, close ≤ high` (so `low ≤ high` too), exactly, on decimal strings already checked. */
function checkOhlc(kline: Kline): RefusalReason | undefined {
  const { open, high, low, close } = kline;
  const consistent =
    compareDecimals(high, open) >= 0 &&
    compareDecimals(high, close) >= 0 &&
    compareDecimals(low, open) <= 0 &&
    compareDecimals(low, close) <= 0;
  return consistent ? undefined : 'ohlc';
}

/**
 * A kline's values in the interface's shape: positive prices, a volume of zero or more, a
 * non-negative integer trade count, consistent OHLC, and an openTime within the bounds with a
 * closeTime not before it (a closeTime is in the future while the kline is open, so only the Date
 * range bounds it). Used for stream pushes and REST rows alike.
 */
export function checkKline(kline: Kline, bounds: TimeBounds): RefusalReason | undefined {
  const refusal =
    checkDecimal(kline.open) ??
    checkDecimal(kline.high) ??
    checkDecimal(kline.low) ??
    checkDecimal(kline.close) ??
    checkDecimal(kline.volume, true);
  if (refusal) return refusal;
  if (typeof kline.trades !== 'number' || !Number.isSafeInteger(kline.trades) || kline.trades < 0) {
    return 'trade-count';
  }
  const openTime = Date.parse(kline.openTime);
  const closeTime = Date.parse(kline.closeTime);
  if (Number.isNaN(closeTime) || closeTime < openTime) return 'malformed';
  return checkTime(openTime, bounds) ?? checkOhlc(kline);
}

/**
 * A live kline's place in time: its open time on its interval's UTC grid (unless `offGridAllowed`:
 * the exchange's own realignment after a halt, `HaltRealignment`), and closed only once its close
 * time (its own: a kline the exchange cut short at a halt ends early) has passed on the service's
 * clock: a kline is closed by time, not by a flag.
 */
function checkSlot(push: StreamKline, now: number, offGridAllowed: boolean): RefusalReason | undefined {
  if (!offGridAllowed && openTimeOf(push.openTime, push.interval) !== push.openTime) return 'off-grid';
  if (push.kline.isClosed && Date.parse(push.kline.closeTime) >= now) return 'closed-early';
  return undefined;
}

/** A kline push: its kline, its own open time and event time, its trade ids, its slot. */
export function checkStreamKline(
  push: StreamKline,
  bounds: TimeBounds,
  offGridAllowed = false,
): RefusalReason | undefined {
  return (
    checkTime(push.eventTime, bounds) ??
    checkTime(push.openTime, bounds) ??
    checkId(push.firstTradeId, -1) ??
    checkId(push.lastTradeId, -1) ??
    checkKline(push.kline, bounds) ??
    checkSlot(push, bounds.now, offGridAllowed)
  );
}
