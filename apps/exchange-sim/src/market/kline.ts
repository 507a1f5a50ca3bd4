import type { Interval } from '@pds/market';
import type { Bar } from './bar';

/** One kline of the simulated BTCUSDT: its interval, its span and its statistics. */
export interface SimKline {
  readonly interval: Interval;
  readonly openTime: number;
  /** Binance's closeTime: the last millisecond of the interval. */
  readonly closeTime: number;
  readonly bar: Bar;
}
