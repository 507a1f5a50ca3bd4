import type { IncomingMessage } from 'node:http';
import type { ServerOptions } from 'ws';
import { DEFAULT_SYMBOL, type Interval, type MarketSymbol, openTimeOfKlineJson } from '@pds/market';
import type { RedisKeys } from '@pds/redis';
import { type ApiKeyCredentials, extractCredentials, type LimitedOperation } from '../keys';
import { type KlinesWindow, klinesWindowOf } from '../market-data/klines/klines-selection';
import { CurrentKlineQueryDto } from '../market-data/prices/dto/current-kline-query.dto';
import { KlinesQueryDto } from '../market-data/prices/dto/klines-query.dto';
import { PriceQueryDto } from '../market-data/prices/dto/price-query.dto';
import { PricesController } from '../market-data/prices/prices.controller';
import { IndexPriceController } from '../index-price';
import { operationRoute } from '../operations/operation-route';
import { clientAddress, type ProxyTrust } from '../proxy-trust';
import { parseQueryString } from '../validation/query-string';
import { QueryValidationPipe } from '../validation/query-validation.pipe';

/**
 * What a stream pushes: a Price per trade, the open Kline, or `{"klines":[...]}` deltas; the index's
 * second (docs/index.md) or its klines' deltas.
 */
export type StreamKind = 'price' | 'current-kline' | 'klines' | 'index' | 'index-klines';

/** One WebSocket operation: its path (the HTTP route's, read from it), its kind and its connection-limit bucket. */
export interface StreamRoute {
  readonly path: string;
  readonly kind: StreamKind;
  /**
   * The operationId of the matching HTTP operation; names the connection-limit bucket, which a key's
   * usage lists (LIMITED_OPERATIONS).
   */
  readonly operation: LimitedOperation;
}

/** The path of a price operation, as PricesController declares its route. */
const pathOf = (operation: StreamRoute['operation']): string =>
  operationRoute(PricesController, operation).path;

/** The path of an index operation, as IndexPriceController declares its route. */
const indexPathOf = (operation: StreamRoute['operation']): string =>
  operationRoute(IndexPriceController, operation).path;

export const STREAM_ROUTES = {
  currentPrice: { path: pathOf('getCurrentPrice'), kind: 'price', operation: 'getCurrentPrice' },
  klines: { path: pathOf('getKlines'), kind: 'klines', operation: 'getKlines' },
  currentKline: { path: pathOf('getCurrentKline'), kind: 'current-kline', operation: 'getCurrentKline' },
  index: { path: indexPathOf('getIndex'), kind: 'index', operation: 'getIndex' },
  indexKlines: { path: indexPathOf('getIndexKlines'), kind: 'index-klines', operation: 'getIndexKlines' },
} as const satisfies Record<string, StreamRoute>;

/**
 * ws server options of every stream (CONTRACT section 6): ws itself closes a connection whose frame
 * exceeds 4 KiB with 1009; no compression, so one serialised frame is the same bytes for every socket.
 * No client tracking: StreamSessions keeps every connection already (ws's set would add an entry and
 * a close listener per socket).
 */
export const WS_SERVER_OPTIONS = {
  maxPayload: 4096,
  perMessageDeflate: false,
  clientTracking: false,
} as const satisfies ServerOptions;

/**
 * How a stream turns a Redis message into frames. `keyOf` and `frameOf` run once per message, not
 * per socket; `framesOf` runs only for a slow reader's conflated backlog.
 */
export interface StreamFormat {
  /** The conflation key: a kline's openTime, or 0 for prices (only the latest counts). */
  keyOf(message: string): number;
  /** The frame of one message; channel payloads are already in the HTTP shape. */
  frameOf(message: string): string;
  /** The frames of conflated messages, oldest key first. */
  framesOf(messages: readonly string[]): string[];
}

const PRICE: StreamFormat = {
  keyOf: () => 0,
  frameOf: (message) => message,
  framesOf: (messages) => [...messages],
};

const CURRENT_KLINE: StreamFormat = {
  keyOf: openTimeOfKlineJson,
  frameOf: (message) => message,
  framesOf: (messages) => [...messages],
};

/** `/klines` pushes deltas: the klines that changed, for the client to upsert by openTime. */
const KLINES: StreamFormat = {
  keyOf: openTimeOfKlineJson,
  frameOf: (message) => `{"klines":[${message}]}`,
  framesOf: (messages) => [`{"klines":[${messages.join(',')}]}`],
};

export function formatOf(kind: StreamKind): StreamFormat {
  switch (kind) {
    case 'price':
    case 'index':
      return PRICE;
    case 'current-kline':
      return CURRENT_KLINE;
    case 'klines':
    case 'index-klines':
      return KLINES;
  }
}

/** What an upgrade request says: its API key, its client address and its query. */
export interface ClientRequest {
  readonly credentials: ApiKeyCredentials;
  readonly address: string;
  readonly query: Record<string, string | string[]>;
}

/**
 * Reads the upgrade request as the HTTP side reads a request: the same query parser (a repeated
 * parameter becomes an array and fails validation), the same three key schemes, and the client
 * address from X-Forwarded-For only through trusted proxies (as Fastify's `request.ip`).
 */
export function readClientRequest(request: IncomingMessage, trustProxy: ProxyTrust): ClientRequest {
  const search = new URL(request.url ?? '/', 'http://gateway').search;
  const query = parseQueryString(search.startsWith('?') ? search.slice(1) : search);
  const credentials = extractCredentials({ headers: request.headers, apiKeyQuery: query.apiKey });
  return { credentials, address: clientAddress(request, trustProxy), query };
}

/** A validated stream request: what to snapshot and which channel to follow. */
export type StreamRequest =
  | { readonly kind: 'price' | 'index'; readonly symbol: MarketSymbol }
  | { readonly kind: 'current-kline'; readonly symbol: MarketSymbol; readonly interval: Interval }
  | {
      readonly kind: 'klines' | 'index-klines';
      readonly symbol: MarketSymbol;
      readonly interval: Interval;
      readonly window: KlinesWindow;
    };

const pipe = new QueryValidationPipe();

function validated<T>(query: Record<string, unknown>, metatype: new () => T): T {
  return pipe.transform(query, { type: 'query', metatype }) as T;
}

/**
 * The query checked exactly as on HTTP (same DTOs, same pipe, same messages); throws the same
 * ApiException 400, and the same klines window.
 */
export function parseStreamRequest(kind: StreamKind, query: Record<string, unknown>): StreamRequest {
  switch (kind) {
    case 'price':
    case 'index': {
      const dto = validated(query, PriceQueryDto);
      return { kind, symbol: dto.symbol ?? DEFAULT_SYMBOL };
    }
    case 'current-kline': {
      const dto = validated(query, CurrentKlineQueryDto);
      return { kind, symbol: dto.symbol ?? DEFAULT_SYMBOL, interval: dto.interval };
    }
    case 'klines':
    case 'index-klines': {
      const dto = validated(query, KlinesQueryDto);
      const window = klinesWindowOf(dto);
      return { kind, symbol: dto.symbol ?? DEFAULT_SYMBOL, interval: dto.interval, window };
    }
  }
}

export function channelOf(request: StreamRequest, keys: RedisKeys): string {
  switch (request.kind) {
    case 'price':
      return keys.priceChannel(request.symbol);
    case 'index':
      return keys.indexChannel(request.symbol);
    case 'index-klines':
      return keys.indexKlineChannel(request.symbol, request.interval);
    case 'current-kline':
    case 'klines':
      return keys.klineChannel(request.symbol, request.interval);
  }
}

/** A stream of klines in a range (`/klines` of the prices or of the index). */
export function isKlinesStream(
  request: StreamRequest,
): request is Extract<StreamRequest, { readonly kind: 'klines' | 'index-klines' }> {
  return request.kind === 'klines' || request.kind === 'index-klines';
}

/** Requests with the same key have the same snapshot, so a resync reads it once for all of them. */
export function snapshotKeyOf(request: StreamRequest): string {
  switch (request.kind) {
    case 'price':
    case 'index':
      return `${request.kind}|${request.symbol}`;
    case 'current-kline':
      return `current-kline|${request.symbol}|${request.interval}`;
    case 'klines':
    case 'index-klines': {
      const { limit, from, to } = request.window;
      return `${request.kind}|${request.symbol}|${request.interval}|${limit}|${from ?? ''}|${to ?? ''}`;
    }
  }
}
