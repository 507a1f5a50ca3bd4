import { addDecimals, maxDecimal, minDecimal, zeroAtScaleOf } from './decimal';
import { closeTimeOf, type Interval, openTimeOf } from './intervals';
import { fromIsoTime, toIsoTime } from './time';
import type { Trade } from './trade';

/** The Kline resource exactly as the interface shows it. */
export interface Kline {
  readonly openTime: string;
  readonly closeTime: string;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  readonly volume: string;
  readonly trades: number;
  readonly isClosed: boolean;
}

export function klineOpenTimeMs(kline: Kline): number {
  return fromIsoTime(kline.openTime);
}

/**
 * What a kline takes from a trade: its price, quantity and time (the index's second adds to its
 * klines as one trade of the second's volume).
 */
export type KlineFill = Pick<Trade, 'price' | 'quantity' | 'time'>;

/** The open kline that a trade starts when none exists yet for its interval. */
export function klineFromTrade(trade: KlineFill, interval: Interval): Kline {
  const openTime = openTimeOf(trade.time, interval);
  return {
    openTime: toIsoTime(openTime),
    closeTime: toIsoTime(closeTimeOf(openTime, interval)),
    open: trade.price,
    high: trade.price,
    low: trade.price,
    close: trade.price,
    volume: trade.quantity,
    trades: 1,
    isClosed: false,
  };
}

/** The open kline after one more trade inside it, with exact decimal arithmetic. */
export function applyTrade(kline: Kline, trade: KlineFill): Kline {
  return {
    ...kline,
    high: maxDecimal(kline.high, trade.price),
    low: minDecimal(kline.low, trade.price),
    close: trade.price,
    volume: addDecimals(kline.volume, trade.quantity),
    trades: kline.trades + 1,
  };
}

/**
 * The kline of a slot without trades (yet), opening at `openTimeMs`: Binance shows such a slot at the
 * previous close, with zero volume (at the previous kline's scale) and no trades.
 */
export function quietKlineAfter(previous: Kline, openTimeMs: number, interval: Interval): Kline {
  const price = previous.close;
  return {
    openTime: toIsoTime(openTimeMs),
    closeTime: toIsoTime(closeTimeOf(openTimeMs, interval)),
    open: price,
    high: price,
    low: price,
    close: price,
    volume: zeroAtScaleOf(previous.volume),
    trades: 0,
    isClosed: false,
  };
}
