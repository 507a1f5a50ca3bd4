import { OHLC_SNAPSHOT } from '../testing/kraken-documented-frames';
import { parseKrakenFrame } from './parse-kraken-frame';

// The frames below are Kraken's own examples, verbatim, from docs.kraken.com (Spot WebSocket v2).

/** https://docs.kraken.com/exchange/api-reference/spot-websocket-v2/trade (snapshot example) */
const TRADE_SNAPSHOT = `{
    "channel": "trade",
    "type": "snapshot",
    "data": [
        {
            "symbol": "MATIC/USD",
            "side": "buy",
            "price": 0.5147,
            "qty": 6423.46326,
            "ord_type": "limit",
            "trade_id": 4665846,
            "timestamp": "2023-09-25T07:48:36.925533Z"
        },
        {
            "symbol": "MATIC/USD",
            "side": "buy",
            "price": 0.5147,
            "qty": 1136.19677815,
            "ord_type": "limit",
            "trade_id": 4665847,
            "timestamp": "2023-09-25T07:49:36.925603Z"
        }
    ]
}`;

/** https://docs.kraken.com/exchange/api-reference/spot-websocket-v2/heartbeat */
const HEARTBEAT = `{
    "channel": "heartbeat"
}`;

/** https://docs.kraken.com/api/docs/websocket-v2/status (its connection_id is beyond 2^53) */
const STATUS = `{
"channel": "status",
"data": [
{
"api_version": "v2",
"connection_id": 13834774380200032777,
"system": "online",
"version": "2.0.0"
}
],
"type": "update"
}`;

describe("Kraken's documented WebSocket v2 frames through our parser", () => {
  it('reads the trade snapshot field for field, numbers as the digits Kraken wrote', () => {
    expect(parseKrakenFrame(TRADE_SNAPSHOT)).toEqual({
      kind: 'trade',
      type: 'snapshot',
      trades: [
        {
          symbol: 'MATIC/USD',
          tradeId: 4665846,
          price: '0.5147',
          qty: '6423.46326',
          time: Date.parse('2023-09-25T07:48:36.925Z'),
        },
        {
          symbol: 'MATIC/USD',
          tradeId: 4665847,
          price: '0.5147',
          qty: '1136.19677815',
          time: Date.parse('2023-09-25T07:49:36.925Z'),
        },
      ],
    });
  });

  it('reads the ohlc snapshot field for field, the message timestamp as the event time', () => {
    expect(parseKrakenFrame(OHLC_SNAPSHOT)).toEqual({
      kind: 'ohlc',
      type: 'snapshot',
      time: Date.parse('2023-10-04T16:26:01.806Z'),
      candles: [
        {
          symbol: 'ALGO/USD',
          interval: '5m',
          intervalBegin: Date.parse('2023-10-04T15:25:00.000Z'),
          open: '0.09875',
          high: '0.09875',
          low: '0.09875',
          close: '0.09875',
          volume: '201.86015',
          trades: 1,
        },
        {
          symbol: 'ALGO/USD',
          interval: '5m',
          intervalBegin: Date.parse('2023-10-04T15:30:00.000Z'),
          open: '0.09875',
          high: '0.0988',
          low: '0.09875',
          close: '0.09875',
          volume: '16255.46368',
          trades: 13,
        },
      ],
    });
  });

  it('reads the heartbeat and the status', () => {
    expect(parseKrakenFrame(HEARTBEAT)).toEqual({ kind: 'heartbeat' });
    expect(parseKrakenFrame(STATUS)).toEqual({ kind: 'status', system: 'online' });
  });

  it('reads subscribe acknowledgements and refusals (shape of the documented ack schema)', () => {
    const ack =
      '{"method":"subscribe","result":{"channel":"ohlc","interval":5,"snapshot":true,"symbol":"BTC/USDT"},' +
      '"success":true,"time_in":"2023-10-04T16:26:01.806315Z","time_out":"2023-10-04T16:26:01.806501Z","req_id":2}';
    expect(parseKrakenFrame(ack)).toEqual({
      kind: 'ack',
      method: 'subscribe',
      time: Date.parse('2023-10-04T16:26:01.806Z'),
    });
    const refused =
      '{"error":"Currency pair not supported BTC/XYZ","method":"subscribe","success":false,"symbol":"BTC/XYZ"}';
    expect(parseKrakenFrame(refused)).toEqual({
      kind: 'errorReply',
      method: 'subscribe',
      error: 'Currency pair not supported BTC/XYZ',
    });
  });

  it('keeps a price that a binary float would change', () => {
    const frame = parseKrakenFrame(
      '{"channel":"trade","type":"update","data":[{"symbol":"BTC/USDT","side":"sell","price":97123.4,' +
        '"qty":0.00000001,"ord_type":"market","trade_id":1,"timestamp":"2024-01-01T00:00:00.000001Z"}]}',
    );
    expect(frame).toMatchObject({ trades: [{ price: '97123.4', qty: '0.00000001' }] });
    const exponent = parseKrakenFrame(
      '{"channel":"trade","type":"update","data":[{"symbol":"BTC/USDT","side":"sell","price":97123.40,' +
        '"qty":1e-05,"ord_type":"market","trade_id":2,"timestamp":"2024-01-01T00:00:00Z"}]}',
    );
    expect(exponent).toMatchObject({
      trades: [{ price: '97123.40', qty: '0.00001', time: Date.parse('2024-01-01T00:00:00Z') }],
    });
  });

  it('rejects malformed and unexpected frames without throwing', () => {
    expect(parseKrakenFrame('{"channel":"trade"')).toMatchObject({
      kind: 'rejected',
      reason: 'invalid-json',
    });
    expect(
      parseKrakenFrame('{"channel":"trade","type":"update","data":[{"symbol":"BTC/USDT","price":"1"}]}'),
    ).toMatchObject({
      kind: 'rejected',
      reason: 'invalid-field',
    });
    expect(parseKrakenFrame('{"channel":"book","type":"update","data":[]}')).toMatchObject({
      kind: 'rejected',
      reason: 'unexpected',
    });
    expect(parseKrakenFrame('[1,2]')).toMatchObject({ kind: 'rejected', reason: 'invalid-field' });
    expect(
      parseKrakenFrame(
        '{"channel":"ohlc","type":"update","timestamp":"2024-01-01T00:00:00Z","data":[{"symbol":"BTC/USDT","open":1,"high":1,' +
          '"low":1,"close":1,"trades":1,"volume":1,"vwap":1,"interval_begin":"2024-01-01T00:00:00Z","interval":10080}]}',
      ),
    ).toMatchObject({ kind: 'rejected', reason: 'unexpected' });
  });
});
