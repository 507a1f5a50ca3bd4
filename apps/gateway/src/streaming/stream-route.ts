import type { ServerOptions } from 'ws';

/** What a stream pushes: a Price per trade, the open Kline, or `{"klines":[...]}` deltas. */
export type StreamKind = 'price' | 'current-kline' | 'klines';

/** One WebSocket operation: its path (the HTTP route's), its kind and its connection-limit bucket. */
export interface StreamRoute {
  readonly path: string;
  readonly kind: StreamKind;
  /** The operationId of the matching HTTP operation; names the connection-limit bucket. */
  readonly operation: 'getCurrentPrice' | 'getKlines' | 'getCurrentKline';
}

export const STREAM_ROUTES = {
  currentPrice: { path: '/api/v1/prices/current', kind: 'price', operation: 'getCurrentPrice' },
  klines: { path: '/api/v1/prices/klines', kind: 'klines', operation: 'getKlines' },
  currentKline: {
    path: '/api/v1/prices/klines/current',
    kind: 'current-kline',
    operation: 'getCurrentKline',
  },
} as const satisfies Record<string, StreamRoute>;

/**
 * ws server options of every stream (CONTRACT section 6): ws itself closes a connection whose frame
 * exceeds 4 KiB with 1009; no compression, so one serialised frame is the same bytes for every socket.
 */
export const WS_SERVER_OPTIONS = {
  maxPayload: 4096,
  perMessageDeflate: false,
} as const satisfies ServerOptions;
