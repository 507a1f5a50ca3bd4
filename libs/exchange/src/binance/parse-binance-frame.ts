import type { BinanceFrame, RejectedFrame, RejectReason } from './binance-frame';
import { FieldError, integerField, isJsonObject, type JsonObject, requestId } from './frame-fields';
import {
  parseAggTradeEvent,
  parseKlineEvent,
  parseTradeEvent,
  UnsupportedIntervalError,
} from './parse-market-events';

const DETAIL_LENGTH = 120;

function reject(reason: RejectReason, detail: string): RejectedFrame {
  return { kind: 'rejected', reason, detail: detail.slice(0, DETAIL_LENGTH) };
}

/** The stream name a payload should arrive on, when the combined envelope names one. */
function expectedStreamSuffix(frame: BinanceFrame): string | undefined {
  switch (frame.kind) {
    case 'trade':
      return '@trade';
    case 'aggTrade':
      return '@aggTrade';
    case 'kline':
      return `@kline_${frame.event.interval}`;
    case 'serverShutdown':
    case 'subscriptionResult':
    case 'errorReply':
    case 'rejected':
      return undefined;
  }
}

function parseEvent(data: JsonObject, stream: string | undefined): BinanceFrame {
  switch (data.e) {
    case 'trade':
      return { kind: 'trade', stream, event: parseTradeEvent(data) };
    case 'aggTrade':
      return { kind: 'aggTrade', stream, event: parseAggTradeEvent(data) };
    case 'kline':
      return { kind: 'kline', stream, event: parseKlineEvent(data) };
    case 'serverShutdown':
      return { kind: 'serverShutdown', eventTime: typeof data.E === 'number' ? data.E : undefined };
    default:
      return reject('unknown-event', typeof data.e === 'string' ? `e=${data.e}` : `e is ${typeof data.e}`);
  }
}

function parsePayload(data: unknown, stream: string | undefined): BinanceFrame {
  if (!isJsonObject(data)) return reject('not-an-object', 'payload is not an object');
  const frame = parseEvent(data, stream);
  const suffix = expectedStreamSuffix(frame);
  if (stream !== undefined && suffix !== undefined && !stream.endsWith(suffix)) {
    return reject('stream-mismatch', `${frame.kind} on stream ${stream}`);
  }
  return frame;
}

function parseErrorReply(value: JsonObject): BinanceFrame {
  const error = value.error;
  if (!isJsonObject(error) || typeof error.msg !== 'string') throw new FieldError('error');
  return {
    kind: 'errorReply',
    id: requestId(value.id),
    code: integerField(error, 'code'),
    message: error.msg,
  };
}

function parseObject(value: JsonObject): BinanceFrame {
  // Combined stream envelope: {"stream":"<streamName>","data":<rawPayload>}
  if (typeof value.stream === 'string' && 'data' in value) return parsePayload(value.data, value.stream);
  if ('error' in value) return parseErrorReply(value);
  if ('result' in value && 'id' in value) {
    return { kind: 'subscriptionResult', id: requestId(value.id), result: value.result };
  }
  // Binance documents serverShutdown as {"event":{"e":"serverShutdown","E":…}} on its WebSocket API;
  // the stream servers may send the bare payload or wrap it in the combined envelope: all are accepted.
  if (isJsonObject(value.event)) return parsePayload(value.event, undefined);
  return parsePayload(value, undefined);
}

/**
 * Reads one text frame of Binance's market-data WebSocket. Never throws: anything malformed or
 * unexpected comes back as `{kind: 'rejected'}` so the caller can count it and carry on.
 */
export function parseBinanceFrame(text: string): BinanceFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return reject('invalid-json', text);
  }
  if (!isJsonObject(value)) return reject('not-an-object', text);
  try {
    return parseObject(value);
  } catch (error) {
    if (error instanceof UnsupportedIntervalError) return reject('unsupported-interval', error.interval);
    if (error instanceof FieldError) return reject('invalid-field', error.field);
    return reject('invalid-field', String(error));
  }
}
