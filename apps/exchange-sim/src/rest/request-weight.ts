/** REQUEST_WEIGHT of each endpoint, from rest-api.md. */
const WEIGHTS: Readonly<Record<string, number>> = {
  '/api/v3/ping': 1,
  '/api/v3/time': 1,
  '/api/v3/klines': 2,
};
const TICKER_PRICE_ONE_SYMBOL = 2;
const TICKER_PRICE_ALL_SYMBOLS = 4;
const UNKNOWN_ENDPOINT = 1;

/** The weight a REST request costs: Binance counts it whether or not the request succeeds. */
export function requestWeight(path: string, query: URLSearchParams): number {
  if (path === '/api/v3/ticker/price') {
    return query.has('symbol') ? TICKER_PRICE_ONE_SYMBOL : TICKER_PRICE_ALL_SYMBOLS;
  }
  return WEIGHTS[path] ?? UNKNOWN_ENDPOINT;
}
