import { documentedKlineEvent, documentedTradeEvent, fromDocs } from '../testing/binance-documented-frames';
import { parseBinanceFrame } from './parse-binance-frame';

function combined(stream: string, payload: string): string {
  return `{"stream":"${stream}","data":${fromDocs(payload)}}`;
}

// Verbatim from binance-spot-api-docs, web-socket-streams.md, "Trade Streams".
const TRADE_PAYLOAD = `{
  "e": "trade",       // Event type
  "E": 1672515782136, // Event time
  "s": "BNBBTC",      // Symbol
  "t": 12345,         // Trade ID
  "p": "0.001",       // Price
  "q": "100",         // Quantity
  "b": 88,            // Buyer order ID
  "a": 50,            // Seller order ID
  "T": 1672515782136, // Trade time
  "m": true,          // Is the buyer the market maker?
  "M": true           // Ignore
}`;

// Verbatim from "Aggregate Trade Streams".
const AGG_TRADE_PAYLOAD = `{
  "e": "aggTrade",    // Event type
  "E": 1672515782136, // Event time
  "s": "BNBBTC",      // Symbol
  "a": 12345,         // Aggregate trade ID
  "p": "0.001",       // Price
  "q": "100",         // Quantity
  "f": 100,           // First trade ID
  "l": 105,           // Last trade ID
  "T": 1672515782136, // Trade time
  "m": true,          // Is the buyer the market maker?
  "M": true           // Ignore
}`;

// Verbatim from "Kline/Candlestick Streams".
const KLINE_PAYLOAD = `{
  "e": "kline",         // Event type
  "E": 1672515782136,   // Event time
  "s": "BNBBTC",        // Symbol
  "k": {
    "t": 1672515780000, // Kline start time
    "T": 1672515839999, // Kline close time
    "s": "BNBBTC",      // Symbol
    "i": "1m",          // Interval
    "f": 100,           // First trade ID
    "L": 200,           // Last trade ID
    "o": "0.0010",      // Open price
    "c": "0.0020",      // Close price
    "h": "0.0025",      // High price
    "l": "0.0015",      // Low price
    "v": "1000",        // Base asset volume
    "n": 100,           // Number of trades
    "x": false,         // Is this kline closed?
    "q": "1.0000",      // Quote asset volume
    "V": "500",         // Taker buy base asset volume
    "Q": "0.500",       // Taker buy quote asset volume
    "B": "123456"       // Ignore
  }
}`;

// Verbatim from the "Connection events" page (Server Shutdown).
const SERVER_SHUTDOWN = `{
  "event": {
    "e": "serverShutdown", // Event Type
    "E": 1770123456789 // Event Time
  }
}`;

// Verbatim from "Live Subscribing/Unsubscribing to streams": the response to SUBSCRIBE.
const SUBSCRIBE_RESPONSE = `{
    "result": null,
    "id": 1
  }`;

describe('parseBinanceFrame', () => {
  /** E and T of the documented payloads. */
  const AT = 1672515782136;

  it.each([
    ['trade', 'bnbbtc@trade', TRADE_PAYLOAD, documentedTradeEvent(AT, AT)],
    [
      'aggTrade',
      'bnbbtc@aggTrade',
      AGG_TRADE_PAYLOAD,
      {
        eventTime: AT,
        symbol: 'BNBBTC',
        aggregateTradeId: 12345,
        price: '0.001',
        quantity: '100',
        firstTradeId: 100,
        lastTradeId: 105,
        tradeTime: AT,
        buyerIsMaker: true,
      },
    ],
    ['kline', 'bnbbtc@kline_1m', KLINE_PAYLOAD, documentedKlineEvent(AT, 1672515780000, 1672515839999)],
  ])(
    'reads the documented %s payload inside the combined-stream envelope, decimals untouched',
    (kind, stream, payload, event) => {
      expect(parseBinanceFrame(combined(stream, payload))).toEqual({ kind, stream, event });
    },
  );

  it('reads a raw (un-enveloped) trade payload and a trade without the retired b/a fields', () => {
    const frame = parseBinanceFrame(
      '{"e":"trade","E":2,"s":"BTCUSDT","t":7,"p":"97123.45000000","q":"0.00100000","T":1,"m":false,"M":true}',
    );
    expect(frame).toMatchObject({
      kind: 'trade',
      stream: undefined,
      event: { price: '97123.45000000', quantity: '0.00100000' },
    });
  });

  it('reads serverShutdown in the documented form, bare, and inside the combined envelope', () => {
    expect(parseBinanceFrame(fromDocs(SERVER_SHUTDOWN))).toEqual({
      kind: 'serverShutdown',
      eventTime: 1770123456789,
    });
    expect(parseBinanceFrame('{"e":"serverShutdown","E":5}')).toEqual({
      kind: 'serverShutdown',
      eventTime: 5,
    });
    expect(parseBinanceFrame('{"stream":"!serverShutdown","data":{"e":"serverShutdown","E":6}}')).toEqual({
      kind: 'serverShutdown',
      eventTime: 6,
    });
  });

  it('reads the documented subscription reply', () => {
    expect(parseBinanceFrame(SUBSCRIBE_RESPONSE)).toEqual({
      kind: 'subscriptionResult',
      id: 1,
      result: null,
    });
  });

  it('reads error replies (message text from the documented error table)', () => {
    const text = '{"error":{"code":2,"msg":"Invalid request: property name must be a string"},"id":"abc"}';
    expect(parseBinanceFrame(text)).toEqual({
      kind: 'errorReply',
      id: 'abc',
      code: 2,
      message: 'Invalid request: property name must be a string',
    });
    expect(parseBinanceFrame('{"error":{"code":3,"msg":"Invalid JSON"}}')).toMatchObject({
      kind: 'errorReply',
      id: null,
    });
  });

  describe('rejects without throwing', () => {
    const cases: [string, string, string][] = [
      ['invalid JSON', '{"stream":', 'invalid-json'],
      ['a JSON array', '[1,2]', 'not-an-object'],
      ['a JSON string', '"trade"', 'not-an-object'],
      ['an unknown event type', '{"e":"depthUpdate","E":1}', 'unknown-event'],
      ['an object without an event', '{"hello":"world"}', 'unknown-event'],
      [
        'a float price',
        combined('btcusdt@trade', TRADE_PAYLOAD.replace('"0.001"', '0.001')),
        'invalid-field',
      ],
      [
        'a price in exponent form',
        combined('btcusdt@trade', TRADE_PAYLOAD.replace('"0.001"', '"1e-3"')),
        'invalid-field',
      ],
      ['a missing trade id', '{"e":"trade","E":1,"s":"X","p":"1","q":"1","T":1,"m":true}', 'invalid-field'],
      [
        'a fractional time',
        '{"e":"trade","E":1.5,"s":"X","t":1,"p":"1","q":"1","T":1,"m":true}',
        'invalid-field',
      ],
      ['a kline without k', '{"e":"kline","E":1,"s":"X"}', 'invalid-field'],
      [
        'an interval the service does not serve',
        combined('bnbbtc@kline_3m', KLINE_PAYLOAD.replace('"1m"', '"3m"')),
        'unsupported-interval',
      ],
      ['a payload on the wrong stream', combined('btcusdt@kline_5m', KLINE_PAYLOAD), 'stream-mismatch'],
      ['an envelope whose data is not an object', '{"stream":"btcusdt@trade","data":7}', 'not-an-object'],
      ['an error reply without a message', '{"error":{"code":2},"id":1}', 'invalid-field'],
    ];
    it.each(cases)('%s', (_name, text, reason) => {
      expect(parseBinanceFrame(text)).toMatchObject({ kind: 'rejected', reason });
    });
  });
});
