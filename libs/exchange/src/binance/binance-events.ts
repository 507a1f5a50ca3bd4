import { toIsoTime, type Kline } from '@pds/market';
import type { StreamKline, StreamTrade } from '../live-stream';
import type { KlineEvent, TradeEvent } from './binance-frame';

export function streamTradeOf(event: TradeEvent): StreamTrade {
  return {
    id: event.tradeId,
    price: event.price,
    quantity: event.quantity,
    time: event.tradeTime,
    eventTime: event.eventTime,
  };
}

/**
 * The kline in the interface's shape, with the exchange's own openTime and closeTime (`k.t`, `k.T`):
 * around a trading halt a kline is cut short or opens off the interval grid (CONTRACT section 3).
 */
export function klineOfEvent(event: KlineEvent): Kline {
  return {
    openTime: toIsoTime(event.openTime),
    closeTime: toIsoTime(event.closeTime),
    open: event.open,
    high: event.high,
    low: event.low,
    close: event.close,
    volume: event.volume,
    trades: event.trades,
    isClosed: event.isClosed,
  };
}

export function streamKlineOf(event: KlineEvent): StreamKline {
  return {
    interval: event.interval,
    eventTime: event.eventTime,
    openTime: event.openTime,
    kline: klineOfEvent(event),
    firstTradeId: event.firstTradeId,
    lastTradeId: event.lastTradeId,
  };
}
