import type { Client } from 'openapi-fetch';
import type { components, operations, paths } from '../generated/openapi';
import type { Credentials } from './credentials';
import { type ApiResult, type RetryOptions, send } from './send';

export type Price = components['schemas']['PriceDto'];
export type Kline = components['schemas']['KlineDto'];
export type KlinesResponse = components['schemas']['KlinesResponseDto'];
export type PriceQuery = NonNullable<operations['getCurrentPrice']['parameters']['query']>;
export type KlinesQuery = operations['getKlines']['parameters']['query'];
export type CurrentKlineQuery = operations['getCurrentKline']['parameters']['query'];
export type Interval = KlinesQuery['interval'];

/** What the operations of every area share: the typed fetch client, the secrets, the retry policy. */
export interface RestContext {
  readonly api: Client<paths>;
  readonly credentials: Credentials;
  readonly retry: RetryOptions;
}

/** The three price operations (tag `prices`), authenticated with the API key. */
export function priceOperations({ api, credentials, retry }: RestContext) {
  return {
    /** `GET /api/v1/prices/current`: the latest price. */
    getCurrentPrice: (query: PriceQuery = {}): Promise<ApiResult<Price>> =>
      send(
        () => api.GET('/api/v1/prices/current', { params: { query }, headers: credentials.apiKeyHeaders() }),
        retry,
      ),
    /** `GET /api/v1/prices/klines`: klines of an interval, ascending by openTime (a range or the latest). */
    getKlines: (query: KlinesQuery): Promise<ApiResult<KlinesResponse>> =>
      send(
        () => api.GET('/api/v1/prices/klines', { params: { query }, headers: credentials.apiKeyHeaders() }),
        retry,
      ),
    /** `GET /api/v1/prices/klines/current`: the open kline of an interval. */
    getCurrentKline: (query: CurrentKlineQuery): Promise<ApiResult<Kline>> =>
      send(
        () =>
          api.GET('/api/v1/prices/klines/current', {
            params: { query },
            headers: credentials.apiKeyHeaders(),
          }),
        retry,
      ),
  };
}
