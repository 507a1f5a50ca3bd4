import { intervalOfKrakenMinutes } from './kraken-endpoints';
import type { KrakenCandle, KrakenFrame, KrakenTrade } from './kraken-frame';
import {
  countOf,
  decimalOf,
  epochMsOf,
  integerOf,
  isKrakenObject,
  KrakenFieldError,
  type KrakenObject,
  parseKrakenJson,
  stringOf,
} from './kraken-json';

class UnexpectedFrame extends Error {}

function dataOf(message: KrakenObject): KrakenObject[] {
  const data = message.data;
  if (!Array.isArray(data) || !data.every(isKrakenObject)) throw new KrakenFieldError('data');
  return data;
}

function typeOf(message: KrakenObject): 'snapshot' | 'update' {
  if (message.type !== 'snapshot' && message.type !== 'update') throw new KrakenFieldError('type');
  return message.type;
}

function tradeOf(item: KrakenObject): KrakenTrade {
  return {
    symbol: stringOf(item.symbol, 'symbol'),
    tradeId: integerOf(item.trade_id, 'trade_id'),
    price: decimalOf(item.price, 'price'),
    qty: decimalOf(item.qty, 'qty'),
    time: epochMsOf(item.timestamp, 'timestamp'),
  };
}

function candleOf(item: KrakenObject): KrakenCandle {
  const minutes = integerOf(item.interval, 'interval');
  const interval = intervalOfKrakenMinutes(minutes);
  if (interval === undefined) throw new UnexpectedFrame(`ohlc interval ${minutes}`);
  return {
    symbol: stringOf(item.symbol, 'symbol'),
    interval,
    intervalBegin: epochMsOf(item.interval_begin, 'interval_begin'),
    open: decimalOf(item.open, 'open'),
    high: decimalOf(item.high, 'high'),
    low: decimalOf(item.low, 'low'),
    close: decimalOf(item.close, 'close'),
    volume: decimalOf(item.volume, 'volume'),
    trades: countOf(item.trades, 'trades'),
  };
}

/**
 * The ohlc message's own `timestamp`: when Kraken sent it, the event time of its candles. A
 * candle's own `timestamp` is no substitute: Kraken's example shows its interval's end, ahead of
 * the present for the open candle. Only an empty message may lack it.
 */
function ohlcTimeOf(message: KrakenObject, data: readonly KrakenObject[]): number | undefined {
  if (message.timestamp === undefined && data.length === 0) return undefined;
  return epochMsOf(message.timestamp, 'timestamp');
}

function parseChannel(message: KrakenObject): KrakenFrame {
  switch (message.channel) {
    case 'heartbeat':
      return { kind: 'heartbeat' };
    case 'status': {
      const [first] = dataOf(message);
      return { kind: 'status', system: stringOf(first?.system, 'data.system') };
    }
    case 'trade':
      return { kind: 'trade', type: typeOf(message), trades: dataOf(message).map(tradeOf) };
    case 'ohlc': {
      const data = dataOf(message);
      return {
        kind: 'ohlc',
        type: typeOf(message),
        time: ohlcTimeOf(message, data),
        candles: data.map(candleOf),
      };
    }
    default:
      throw new UnexpectedFrame(`channel ${String(message.channel)}`);
  }
}

/** `time_out` of a reply: when Kraken sent it (absent from some replies). */
function replyTimeOf(message: KrakenObject): number | undefined {
  return message.time_out === undefined ? undefined : epochMsOf(message.time_out, 'time_out');
}

/** Replies to our requests: `{"method":"subscribe","success":true,…}`, `{"method":"pong",…}`. */
function parseReply(message: KrakenObject): KrakenFrame {
  const method = stringOf(message.method, 'method');
  const time = replyTimeOf(message);
  if (message.success === false) {
    return {
      kind: 'errorReply',
      method,
      error: typeof message.error === 'string' ? message.error : 'unknown error',
      time,
    };
  }
  return { kind: 'ack', method, time };
}

/**
 * Reads one text frame of Kraken's Spot WebSocket v2. Never throws: anything malformed or not
 * asked for comes back as `{kind: 'rejected'}`. Numbers are read losslessly (see kraken-json.ts).
 */
export function parseKrakenFrame(text: string): KrakenFrame {
  let message: unknown;
  try {
    message = parseKrakenJson(text);
  } catch {
    return { kind: 'rejected', reason: 'invalid-json', detail: text.slice(0, 120) };
  }
  try {
    if (!isKrakenObject(message)) throw new KrakenFieldError('message');
    if (typeof message.channel === 'string') return parseChannel(message);
    if (typeof message.method === 'string') return parseReply(message);
    throw new UnexpectedFrame('neither channel nor method');
  } catch (error) {
    if (error instanceof KrakenFieldError)
      return { kind: 'rejected', reason: 'invalid-field', detail: error.field, rule: error.rule };
    return {
      kind: 'rejected',
      reason: 'unexpected',
      detail: String(error instanceof Error ? error.message : error),
    };
  }
}
