import type { Interval, Kline, Price } from '@pds/market';

/**
 * How a kline reaches Redis:
 * - `open`: the interval's open kline (string key), unless the stored one is newer;
 * - `closed`: the exchange's final kline: replaces any history member with its openTime;
 * - `closed-if-absent`: a kline the ingestor closed itself at a rollover; never replaces one already
 *   in history (the exchange's final push or repaired history are better than the service's own).
 */
export type KlineWriteKind = 'open' | 'closed' | 'closed-if-absent';

export interface KlineWrite {
  readonly interval: Interval;
  readonly kind: KlineWriteKind;
  readonly kline: Kline;
}

/** Everything one exchange event changes, written to Redis as one atomic step. */
export interface WriteStep {
  /** The newest exchange event time seen so far (epoch ms): becomes `lastEventTime`. */
  readonly eventTime: number;
  readonly price: Price | undefined;
  /** The exchange's id of the trade `price` is, for its order in the store (`servesAfter`). */
  readonly priceTradeId?: number;
  /** In publishing order: per interval, a closed kline before the new open one. */
  readonly klines: readonly KlineWrite[];
  /**
   * The exchange status (which exchange serves, each one's state) as JSON, when it changed or must
   * be written again (a take-over, a write after failures); written and published only if it differs.
   */
  readonly status?: string;
  /** The exchange whose price and klines the step carries, stored with each value. */
  readonly exchange?: string;
}

export function isEmptyStep(step: WriteStep): boolean {
  return step.price === undefined && step.klines.length === 0 && step.status === undefined;
}
