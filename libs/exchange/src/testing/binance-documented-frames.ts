import type { Kline } from '@pds/market';

// What Binance's docs (binance-spot-api-docs) and Binance.US's (binance-us-api-docs) print alike:
// the same trade and kline stream payloads but for their times, and the same kline row of
// GET /api/v3/klines. Shared by the specs that read either docs' payloads. The events are plain
// objects: testing/ must not import binance/, whose specs import testing/ (tools/folder-cycles.js).

/** The docs show payloads as `javascript` blocks with `// comments`; JSON has none. */
export function fromDocs(block: string): string {
  return block.replace(/\/\/.*$/gm, '');
}

/** What the parser reads from the documented trade payload, with the times of the docs at hand. */
export function documentedTradeEvent(eventTime: number, tradeTime: number) {
  return {
    eventTime,
    symbol: 'BNBBTC',
    tradeId: 12345,
    price: '0.001',
    quantity: '100',
    tradeTime,
    buyerIsMaker: true,
  };
}

/** What the parser reads from the documented kline payload, with the times of the docs at hand. */
export function documentedKlineEvent(eventTime: number, openTime: number, closeTime: number) {
  return {
    eventTime,
    symbol: 'BNBBTC',
    openTime,
    closeTime,
    interval: '1m',
    firstTradeId: 100,
    lastTradeId: 200,
    open: '0.0010',
    close: '0.0020',
    high: '0.0025',
    low: '0.0015',
    volume: '1000',
    trades: 100,
    isClosed: false,
  };
}

/** Verbatim from binance-spot-api-docs, rest-api.md, "Kline/Candlestick data" (a 1w-long row). */
export const DOCUMENTED_KLINE_ROWS = `[
  [
    1499040000000,      // Open time
    "0.01634790",       // Open
    "0.80000000",       // High
    "0.01575800",       // Low
    "0.01577100",       // Close
    "148976.11427815",  // Volume
    1499644799999,      // Close time
    "2434.19055334",    // Quote asset volume
    308,                // Number of trades
    "1756.87402397",    // Taker buy base asset volume
    "28.46694368",      // Taker buy quote asset volume
    "17928899.62484339" // Ignore.
  ]
]`;

/** The documented row is a week long; read as a 1d row, it closes one day after it opens. */
export function documentedRowsAsDay(block: string): unknown[][] {
  const rows = JSON.parse(fromDocs(block)) as unknown[][];
  if (rows[0]) rows[0][6] = Date.parse('2017-07-03T23:59:59.999Z');
  return rows;
}

/** The documented row as a 1d kline, field by field, decimals untouched. */
export const DOCUMENTED_DAY_KLINE: Kline = {
  openTime: '2017-07-03T00:00:00.000Z',
  closeTime: '2017-07-03T23:59:59.999Z',
  open: '0.01634790',
  high: '0.80000000',
  low: '0.01575800',
  close: '0.01577100',
  volume: '148976.11427815',
  trades: 308,
  isClosed: true,
};
