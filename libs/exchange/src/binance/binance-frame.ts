import type { Interval } from '@pds/market';

/** `<symbol>@trade` payload, fields named as Binance documents them. */
export interface TradeEvent {
  readonly eventTime: number; // E
  readonly symbol: string; // s
  readonly tradeId: number; // t
  readonly price: string; // p, untouched decimal string
  readonly quantity: string; // q
  readonly tradeTime: number; // T
  readonly buyerIsMaker: boolean; // m
}

/** `<symbol>@aggTrade` payload. Parsed so it is recognised, not subscribed by the ingestor. */
export interface AggTradeEvent {
  readonly eventTime: number; // E
  readonly symbol: string; // s
  readonly aggregateTradeId: number; // a
  readonly price: string; // p
  readonly quantity: string; // q
  readonly firstTradeId: number; // f
  readonly lastTradeId: number; // l
  readonly tradeTime: number; // T
  readonly buyerIsMaker: boolean; // m
}

/** `<symbol>@kline_<interval>` payload (the `k` object flattened next to E and s). */
export interface KlineEvent {
  readonly eventTime: number; // E
  readonly symbol: string; // s
  readonly openTime: number; // k.t
  readonly closeTime: number; // k.T
  readonly interval: Interval; // k.i
  readonly firstTradeId: number; // k.f
  readonly lastTradeId: number; // k.L
  readonly open: string; // k.o
  readonly close: string; // k.c
  readonly high: string; // k.h
  readonly low: string; // k.l
  readonly volume: string; // k.v (base asset volume)
  readonly trades: number; // k.n
  readonly isClosed: boolean; // k.x
}

/** Why a frame was skipped. */
export type RejectReason =
  | 'binary-frame'
  | 'invalid-json'
  | 'not-an-object'
  | 'unknown-event'
  | 'invalid-field'
  | 'unsupported-interval'
  | 'stream-mismatch';

/** Every frame the Binance market-data stream can send, as a tagged union; parsing never throws. */
export type BinanceFrame =
  | { readonly kind: 'trade'; readonly stream: string | undefined; readonly event: TradeEvent }
  | { readonly kind: 'aggTrade'; readonly stream: string | undefined; readonly event: AggTradeEvent }
  | { readonly kind: 'kline'; readonly stream: string | undefined; readonly event: KlineEvent }
  /** The server will close this connection soon: open a new one now. */
  | { readonly kind: 'serverShutdown'; readonly eventTime: number | undefined }
  /** Reply to a SUBSCRIBE/UNSUBSCRIBE/…: `{"result":null,"id":1}`. */
  | { readonly kind: 'subscriptionResult'; readonly id: string | number | null; readonly result: unknown }
  /** Error reply: `{"error":{"code":2,"msg":"…"},"id":…}`. */
  | {
      readonly kind: 'errorReply';
      readonly id: string | number | null;
      readonly code: number;
      readonly message: string;
    }
  | { readonly kind: 'rejected'; readonly reason: RejectReason; readonly detail: string };

export type RejectedFrame = Extract<BinanceFrame, { kind: 'rejected' }>;
