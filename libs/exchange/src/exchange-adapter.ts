import type { Interval, Kline, MarketSymbol } from '@pds/market';
import type { ExchangeName } from './exchange-name';
import type { LiveStream } from './live-stream';
import type { RefusalReason } from './stream/refusal-reasons';
import type { SocketFactory } from './stream/stream-connection';

/** How a live stream watches its connections; every field has a production default. */
export interface LiveStreamTuning {
  /** No message for this long means the connection is dead (default 10 s). */
  readonly silenceMs: number;
  /** Replace a connection (make-before-break) once it is this old (default 23 h 50 m, before the 24 h cut). */
  readonly maxConnectionAgeMs: number;
  /** Reconnect backoff: first delay, cap, and how long a connection must deliver before it resets. */
  readonly reconnectInitialMs: number;
  readonly reconnectMaxMs: number;
  readonly healthyAfterMs: number;
  /** New connections per 5 minutes at most, the exchange's limit per address (Binance: 300). */
  readonly connectionsPer5Minutes: number;
}

/** Bounds of a kline request; times are epoch ms, compared with the kline open time, inclusive. */
export interface KlineRange {
  readonly startTime?: number;
  readonly endTime?: number;
  /** 1..1000; the exchange's default is 500. */
  readonly limit?: number;
}

export interface KlinePage {
  /** Ascending by open time. Closed klines carry `isClosed: true`; at most the last one is open. */
  readonly klines: readonly Kline[];
  /** The exchange's used request weight of this IP in the current minute, when it reported it. */
  readonly usedWeight: number | undefined;
  /** The exchange's clock when it answered (epoch ms), which decided what counts as closed. */
  readonly exchangeTime: number;
  /**
   * Klines of the answer refused by a rule of CONTRACT section 11 (a price of 0, high below low, a
   * time ahead of the exchange's clock): left out of `klines`, so never stored; for the caller to count.
   */
  readonly refused?: readonly RefusedValue[];
  /**
   * How many rows the answer held, refused ones included (default `klines.length`): whether a page
   * reached its `limit` (and so says nothing beyond its last row) is a fact about the answer.
   */
  readonly rows?: number;
}

/** One value an exchange sent that a rule refused, for the refusal counter and log. */
export interface RefusedValue {
  readonly reason: RefusalReason;
  readonly detail: string;
}

/**
 * One exchange, seen through what the service needs of it. The ingestor uses the live stream;
 * the cache workers use `fetchKlines`. A new exchange is a new implementation of this interface.
 */
export interface ExchangeAdapter {
  /** The exchange's name in the settings, logs and `X-Price-Source`, e.g. `binance`. */
  readonly name: ExchangeName;

  /**
   * Opens (and keeps open) one live connection for the symbol's trades and its klines of every
   * interval. Connecting starts at once; attach listeners right away.
   */
  openLiveStream(symbol: MarketSymbol, tuning?: Partial<LiveStreamTuning>): LiveStream;

  /**
   * Klines of one interval from the exchange's REST history.
   * @throws ExchangeRateLimitError on 429/418 (wait `retryAfterSeconds` before the next request),
   *   ExchangeHttpError on other failures, ExchangeResponseError on a body it cannot read.
   */
  fetchKlines(symbol: MarketSymbol, interval: Interval, range?: KlineRange): Promise<KlinePage>;
}

/** What every adapter takes; without URLs it talks to the exchange's public market-data hosts. */
export interface AdapterOptions {
  readonly wsBaseUrl?: string;
  readonly restBaseUrl?: string;
  /** A REST request that has not answered in this time fails (default 10 s). */
  readonly requestTimeoutMs?: number;
  readonly streamTuning?: Partial<LiveStreamTuning>;
  /** Tests only: how WebSocket connections are made. */
  readonly createSocket?: SocketFactory;
}
