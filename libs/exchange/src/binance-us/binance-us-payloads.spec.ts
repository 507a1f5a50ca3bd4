import { binanceWireFormat } from '../binance/binance-wire-format';
import { klinesFromRows } from '../binance/kline-rows';
import { parseBinanceFrame } from '../binance/parse-binance-frame';
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
  it('reads the trade stream payload field for field', () => {
    expect(parseBinanceFrame(TRADE)).toEqual({
      kind: 'trade',
      stream: undefined,
      event: {
        eventTime: 123456789,
        symbol: 'BNBBTC',
        tradeId: 12345,
        price: '0.001',
        quantity: '100',
        tradeTime: 123456785,
        buyerIsMaker: true,
      },
    });
  });

  it('reads the kline stream payload field for field', () => {
    expect(parseBinanceFrame(KLINE)).toEqual({
      kind: 'kline',
      stream: undefined,
      event: {
        eventTime: 123456789,
        symbol: 'BNBBTC',
        openTime: 123400000,
        closeTime: 123460000,
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
      },
    });
  });

  it('reads the documented kline row of GET /api/v3/klines', () => {
    // The documented row is a week long; read as a 1d row, it closes one day after it opens.
    const rows = JSON.parse(KLINE_ROWS) as unknown[][];
    if (rows[0]) rows[0][6] = Date.parse('2017-07-03T23:59:59.999Z');
    expect(klinesFromRows(rows, '1d', Date.parse('2024-01-01T00:00:00Z'))).toEqual([
      {
        openTime: '2017-07-03T00:00:00.000Z',
        closeTime: '2017-07-03T23:59:59.999Z',
        open: '0.01634790',
        high: '0.80000000',
        low: '0.01575800',
        close: '0.01577100',
        volume: '148976.11427815',
        trades: 308,
        isClosed: true,
      },
    ]);
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
