import { isInterval } from '@pds/market';
import type { AggTradeEvent, KlineEvent, TradeEvent } from './binance-frame';
import {
  booleanField,
  decimalField,
  FieldError,
  integerField,
  type JsonObject,
  objectField,
  stringField,
  timeField,
} from './frame-fields';

// Field letters follow Binance's "WebSocket Streams" document. Fields the service does not use
// (trade b/a, M; kline q, V, Q, B) are not required, so their removal upstream breaks nothing.

export function parseTradeEvent(data: JsonObject): TradeEvent {
  return {
    eventTime: timeField(data, 'E'),
    symbol: stringField(data, 's'),
    tradeId: integerField(data, 't'),
    price: decimalField(data, 'p'),
    quantity: decimalField(data, 'q'),
    tradeTime: timeField(data, 'T'),
    buyerIsMaker: booleanField(data, 'm'),
  };
}

export function parseAggTradeEvent(data: JsonObject): AggTradeEvent {
  return {
    eventTime: timeField(data, 'E'),
    symbol: stringField(data, 's'),
    aggregateTradeId: integerField(data, 'a'),
    price: decimalField(data, 'p'),
    quantity: decimalField(data, 'q'),
    firstTradeId: integerField(data, 'f'),
    lastTradeId: integerField(data, 'l'),
    tradeTime: timeField(data, 'T'),
    buyerIsMaker: booleanField(data, 'm'),
  };
}

/** Raised for an interval the service does not serve (1s, 3m, 1w, …): well-formed, but not ours. */
export class UnsupportedIntervalError extends Error {
  constructor(readonly interval: string) {
    super(`unsupported interval ${interval}`);
    this.name = 'UnsupportedIntervalError';
  }
}

export function parseKlineEvent(data: JsonObject): KlineEvent {
  const k = objectField(data, 'k');
  const interval = stringField(k, 'i');
  if (!isInterval(interval)) throw new UnsupportedIntervalError(interval);
  const event: KlineEvent = {
    eventTime: timeField(data, 'E'),
    symbol: stringField(data, 's'),
    openTime: timeField(k, 't'),
    closeTime: timeField(k, 'T'),
    interval,
    firstTradeId: integerField(k, 'f'),
    lastTradeId: integerField(k, 'L'),
    open: decimalField(k, 'o'),
    close: decimalField(k, 'c'),
    high: decimalField(k, 'h'),
    low: decimalField(k, 'l'),
    volume: decimalField(k, 'v'),
    trades: integerField(k, 'n'),
    isClosed: booleanField(k, 'x'),
  };
  if (event.closeTime < event.openTime) throw new FieldError('k.T');
  return event;
}
