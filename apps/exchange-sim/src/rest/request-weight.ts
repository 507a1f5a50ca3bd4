/** REQUEST_WEIGHT of each endpoint, from each exchange's rest-api.md (Binance's and Binance.US's). */
interface WeightTable {
  readonly klines: number;
  readonly tickerOneSymbol: number;
  readonly tickerAllSymbols: number;
}

const BINANCE: WeightTable = { klines: 2, tickerOneSymbol: 2, tickerAllSymbols: 4 };
/** binance-us/binance-us-api-docs rest-api.md (2023-09-06): klines 1, ticker/price 1 or 2. */
const BINANCE_US: WeightTable = { klines: 1, tickerOneSymbol: 1, tickerAllSymbols: 2 };
const PING_TIME_AND_UNKNOWN = 1;

/** The weight a REST request costs: the exchange counts it whether or not the request succeeds. */
export function requestWeight(path: string, query: URLSearchParams, exchange = 'binance'): number {
  const table = exchange === 'binance-us' ? BINANCE_US : BINANCE;
  if (path === '/api/v3/ticker/price') {
    return query.has('symbol') ? table.tickerOneSymbol : table.tickerAllSymbols;
  }
  return path === '/api/v3/klines' ? table.klines : PING_TIME_AND_UNKNOWN;
}
