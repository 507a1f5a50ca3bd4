export {
  createPriceDataClient,
  type ClientOptions,
  type PriceDataClient,
  type StreamOptions,
} from './client';
export * from './errors';
export type { components, operations, paths } from './generated/openapi';
export type {
  CurrentKlineQuery,
  Interval,
  Kline,
  KlinesQuery,
  KlinesResponse,
  Price,
  PriceQuery,
} from './rest/price-operations';
export type { IndexKlinesQuery, IndexPrice, IndexQuery, IndexSource } from './rest/index-operations';
export type { ApiResult, RateLimitInfo, RetryOptions } from './rest/send';
export { PriceDataStream } from './stream/price-data-stream';
export type { ReconnectOptions } from './stream/reconnect-policy';
export type {
  DisconnectEvent,
  StreamEvents,
  StreamKind,
  StreamKinds,
  StreamMessage,
  StreamState,
} from './stream/stream-types';
export type { WebSocketFactory, WebSocketLike } from './stream/websocket';
