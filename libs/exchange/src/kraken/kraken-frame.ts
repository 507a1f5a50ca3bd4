import type { Interval } from '@pds/market';
import type { KrakenFieldRule } from './kraken-json';

/** One trade of the `trade` channel (fields as Kraken names them). */
export interface KrakenTrade {
  readonly symbol: string;
  /** `trade_id`: Kraken's sequence number, unique per book. */
  readonly tradeId: number;
  readonly price: string;
  readonly qty: string;
  /** `timestamp`, epoch ms. */
  readonly time: number;
}

/** One candle of the `ohlc` channel. */
export interface KrakenCandle {
  readonly symbol: string;
  readonly interval: Interval;
  /** `interval_begin`, epoch ms. */
  readonly intervalBegin: number;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  readonly volume: string;
  readonly trades: number;
}

/** Every frame of Kraken's Spot WebSocket v2 that the market-data stream meets; parsing never throws. */
export type KrakenFrame =
  | { readonly kind: 'trade'; readonly type: 'snapshot' | 'update'; readonly trades: readonly KrakenTrade[] }
  | {
      readonly kind: 'ohlc';
      readonly type: 'snapshot' | 'update';
      /** The message's `timestamp` (epoch ms), the event time of its candles; absent only when empty. */
      readonly time: number | undefined;
      readonly candles: readonly KrakenCandle[];
    }
  | { readonly kind: 'heartbeat' }
  /** `status` channel: the trading engine's state (`online`, `maintenance`, …). */
  | { readonly kind: 'status'; readonly system: string }
  /** A successful reply to our `subscribe` or `ping` (`pong`); `time` is its `time_out`. */
  | { readonly kind: 'ack'; readonly method: string; readonly time?: number | undefined }
  | {
      readonly kind: 'errorReply';
      readonly method: string;
      readonly error: string;
      readonly time?: number | undefined;
    }
  | {
      readonly kind: 'rejected';
      readonly reason: 'invalid-json' | 'invalid-field' | 'unexpected';
      readonly detail: string;
      /** For `invalid-field`: the rule the field breaks (a number too long, a count not whole, …). */
      readonly rule?: KrakenFieldRule;
    };
