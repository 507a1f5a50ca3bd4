import { intervalOfKrakenMinutes } from './kraken-endpoints';
import type { KrakenCandle, KrakenFrame, KrakenTrade } from './kraken-frame';
import {
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
    trades: integerOf(item.trades, 'trades'),
  };
}

/** The ohlc message's own `timestamp`, or the newest candle `timestamp` if a message lacks it. */
function ohlcTimeOf(message: KrakenObject, data: readonly KrakenObject[]): number {
  if (message.timestamp !== undefined) return epochMsOf(message.timestamp, 'timestamp');
  const times = data.map((item) => epochMsOf(item.timestamp, 'data.timestamp'));
  if (times.length === 0) throw new KrakenFieldError('timestamp');
  return Math.max(...times);
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

/** Replies to our requests: `{"method":"subscribe","success":true,…}`, `{"method":"pong",…}`. */
function parseReply(message: KrakenObject): KrakenFrame {
  const method = stringOf(message.method, 'method');
  if (message.success === false) {
    return {
      kind: 'errorReply',
      method,
      error: typeof message.error === 'string' ? message.error : 'unknown error',
    };
  }
  return { kind: 'ack', method };
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
      return { kind: 'rejected', reason: 'invalid-field', detail: error.field };
    return {
      kind: 'rejected',
      reason: 'unexpected',
      detail: String(error instanceof Error ? error.message : error),
    };
  }
}
