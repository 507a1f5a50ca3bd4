import type { components, operations } from '../generated/openapi';
import type { KlinesResponse, RestContext } from './price-operations';
import { type ApiResult, send } from './send';

export type IndexPrice = components['schemas']['IndexPriceDto'];
export type IndexSource = components['schemas']['IndexSourceDto'];
export type IndexQuery = NonNullable<operations['getIndex']['parameters']['query']>;
export type IndexKlinesQuery = operations['getIndexKlines']['parameters']['query'];

/** The index operations (tag `index`, docs/index.md), authenticated with the API key. */
export function indexOperations({ api, credentials, retry }: RestContext) {
  return {
    /** `GET /api/v1/index/current`: the index's newest second; 503 `INDEX_UNAVAILABLE` without a value. */
    getIndex: (query: IndexQuery = {}): Promise<ApiResult<IndexPrice>> =>
      send(
        () => api.GET('/api/v1/index/current', { params: { query }, headers: credentials.apiKeyHeaders() }),
        retry,
      ),
    /** `GET /api/v1/index/klines`: the index's klines, with the range rules of getKlines. */
    getIndexKlines: (query: IndexKlinesQuery): Promise<ApiResult<KlinesResponse>> =>
      send(
        () => api.GET('/api/v1/index/klines', { params: { query }, headers: credentials.apiKeyHeaders() }),
        retry,
      ),
  };
}
