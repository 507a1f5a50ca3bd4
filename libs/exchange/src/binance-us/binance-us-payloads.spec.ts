import { binanceWireFormat } from '../binance/binance-wire-format';
import { klinesFromRows } from '../binance/kline-rows';
import { parseBinanceFrame } from '../binance/parse-binance-frame';
import {
  DOCUMENTED_DAY_KLINE,
  documentedKlineEvent,
  documentedRowsAsDay,
  documentedTradeEvent,
} from '../testing/binance-documented-frames';
import { BINANCE_US_VENUE, BinanceUsAdapter } from './binance-us-adapter';

// Payloads as printed in Binance.US's own documentation (binance-us/binance-us-api-docs), with the
// `//` comments of the JavaScript blocks removed so they are JSON.

/** web-socket-streams.md, "Trade Streams". */
const TRADE = `{
  "e": "trade",
  "E": 123456789,
  "s": "BNBBTC",
  "t": 12345,
  "p": "0.001",
  "q": "100",
  "b": 88,
  "a": 50,
  "T": 123456785,
  "m": true,
  "M": true
}`;

/** web-socket-streams.md, "Kline/Candlestick Streams". */
const KLINE = `{
  "e": "kline",
  "E": 123456789,
  "s": "BNBBTC",
  "k": {
    "t": 123400000,
    "T": 123460000,
    "s": "BNBBTC",
    "i": "1m",
    "f": 100,
    "L": 200,
    "o": "0.0010",
    "c": "0.0020",
    "h": "0.0025",
    "l": "0.0015",
    "v": "1000",
    "n": 100,
    "x": false,
    "q": "1.0000",
    "V": "500",
    "Q": "0.500",
    "B": "123456"
  }
}`;

/** rest-api.md, "Kline/Candlestick data" (GET /api/v3/klines); the row is a week's, its own times are kept. */
const KLINE_ROWS = `[
  [
    1499040000000,
    "0.01634790",
    "0.80000000",
    "0.01575800",
    "0.01577100",
    "148976.11427815",
    1499644799999,
    "2434.19055334",
    308,
    "1756.87402397",
    "28.46694368",
    "17928899.62484339"
  ]
]`;

describe("Binance.US's documented payloads through Binance's parser", () => {
  it.each([
    ['trade', TRADE, documentedTradeEvent(123456789, 123456785)],
    ['kline', KLINE, documentedKlineEvent(123456789, 123400000, 123460000)],
  ])('reads the %s stream payload field for field', (kind, payload, event) => {
    expect(parseBinanceFrame(payload)).toEqual({ kind, stream: undefined, event });
  });

  it('reads the documented kline row of GET /api/v3/klines', () => {
    const rows = documentedRowsAsDay(KLINE_ROWS);
    expect(klinesFromRows(rows, '1d', Date.parse('2024-01-01T00:00:00Z'))).toEqual([DOCUMENTED_DAY_KLINE]);
  });

  it('counts the documented payloads of another symbol as unexpected on a btcusdt stream', () => {
    expect(binanceWireFormat.createDecoder('btcusdt').decode(TRADE)).toMatchObject({
      kind: 'skipped',
      skip: 'unexpected',
    });
  });

  it("is Binance's wire format on Binance.US's hosts, named binance-us", () => {
    expect(new BinanceUsAdapter().name).toBe('binance-us');
    expect(BINANCE_US_VENUE).toMatchObject({
      wsUrl: 'wss://stream.binance.us:9443',
      restUrl: 'https://api.binance.us',
    });
  });
});
