import type { PriceDataError } from '../errors';
import type {
  CurrentKlineQuery,
  Kline,
  KlinesQuery,
  KlinesResponse,
  Price,
  PriceQuery,
} from '../rest/price-operations';
import type { IndexKlinesQuery, IndexPrice, IndexQuery } from '../rest/index-operations';

/** The WebSocket operations: the same paths and parameters as over HTTP. */
export interface StreamKinds {
  price: { params: PriceQuery; frame: Price };
  klines: { params: KlinesQuery; frame: KlinesResponse };
  currentKline: { params: CurrentKlineQuery; frame: Kline };
  /** The index's seconds (docs/index.md); a second without a value is not delivered. */
  index: { params: IndexQuery; frame: IndexPrice };
  indexKlines: { params: IndexKlinesQuery; frame: KlinesResponse };
}
export type StreamKind = keyof StreamKinds;

export const STREAM_PATHS: Record<StreamKind, string> = {
  price: '/api/v1/prices/current',
  klines: '/api/v1/prices/klines',
  currentKline: '/api/v1/prices/klines/current',
  index: '/api/v1/index/current',
  indexKlines: '/api/v1/index/klines',
};

/**
 * One delivery. `snapshot` is the first frame of each connection (the HTTP 200 body of the same
 * query); `update` every frame after it. For `klines`, `window` is every kline delivered so far,
 * upserted by openTime and ascending: what a chart draws.
 */
export type StreamMessage<K extends StreamKind> = {
  readonly type: 'snapshot' | 'update';
  readonly data: StreamKinds[K]['frame'];
} & (K extends 'klines' | 'indexKlines' ? { readonly window: readonly Kline[] } : unknown);

/** connecting → live → (reconnecting → connecting → live)* → closed | failed */
export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'closed' | 'failed';

export interface DisconnectEvent {
  readonly code: number;
  readonly reason: string;
  /** The error frame the server sent before closing, as a typed error, when it sent one. */
  readonly error: PriceDataError | undefined;
  readonly willRetry: boolean;
  /** The wait before the next attempt, when there is one. */
  readonly delayMs: number | undefined;
}

export interface StreamEvents<K extends StreamKind> {
  message: StreamMessage<K>;
  /** A connection delivered its snapshot: the stream is live. */
  connect: { readonly attempt: number };
  disconnect: DisconnectEvent;
  /** A new connection attempt starts (1 for the first retry). */
  reconnect: { readonly attempt: number };
  /** The stream stopped for good because of this error (4401, 4400, or out of attempts). */
  error: PriceDataError;
  /** The stream ended: `close()`, a range that is complete, or an error. */
  close: { readonly code: number | undefined };
  state: StreamState;
}

/** The query of a (re)connection; `klines` resumes at the newest kline it has, so nothing is missed. */
export function streamQuery(
  kind: StreamKind,
  params: StreamKinds[StreamKind]['params'],
  resumeFrom: string | undefined,
): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params) as [string, string | number | null | undefined][]) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  if ((kind === 'klines' || kind === 'indexKlines') && resumeFrom !== undefined) {
    query.set('from', resumeFrom);
    query.set('limit', '1000'); // the most the service sends: the longest outage one snapshot covers
  }
  return query;
}
