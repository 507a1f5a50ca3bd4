import type { SimTrade } from '../../market/market-events';
import { type JsonObject, num } from '../kraken-json';
import type { KrakenKline } from '../kraken-market';
import { krakenPrice, krakenVolumeNumber, vwapTicks } from '../kraken-numbers';
import { rfc3339Micros, rfc3339Nanos } from '../kraken-time';
import { KRAKEN_WS_SYMBOL } from '../kraken-wire';
import { takerOrderType, takerSide, tradeSteps, tradeTicks } from '../rest/kraken-rows';

/** Frames of Kraken's Spot WebSocket v2, field for field (and in order) as its documentation prints them. */

export function statusFrame(connectionId: bigint): JsonObject {
  return {
    channel: 'status',
    data: [{ api_version: 'v2', connection_id: num(connectionId), system: 'online', version: '2.0.0' }],
    type: 'update',
  };
}

export const HEARTBEAT_FRAME: JsonObject = { channel: 'heartbeat' };

export function tradeFrame(type: 'snapshot' | 'update', trades: readonly SimTrade[]): JsonObject {
  return { channel: 'trade', type, data: trades.map(tradeEvent) };
}

function tradeEvent(trade: SimTrade): JsonObject {
  return {
    symbol: KRAKEN_WS_SYMBOL,
    side: takerSide(trade),
    price: num(krakenPrice(tradeTicks(trade))),
    qty: num(krakenVolumeNumber(tradeSteps(trade))),
    ord_type: takerOrderType(trade),
    trade_id: trade.id,
    timestamp: rfc3339Micros(trade.time),
  };
}

export function ohlcFrame(
  type: 'snapshot' | 'update',
  klines: readonly KrakenKline[],
  now: number,
): JsonObject {
  return { channel: 'ohlc', type, timestamp: rfc3339Nanos(now), data: klines.map(candle) };
}

function candle({ minutes, openTime, closeTime, bar, reportedVolume }: KrakenKline): JsonObject {
  return {
    symbol: KRAKEN_WS_SYMBOL,
    open: num(krakenPrice(bar.open)),
    high: num(krakenPrice(bar.high)),
    low: num(krakenPrice(bar.low)),
    close: num(krakenPrice(bar.close)),
    trades: bar.trades,
    volume: num(krakenVolumeNumber(reportedVolume ?? bar.volume)),
    vwap: num(krakenPrice(vwapTicks(bar.quoteVolume, bar.volume))),
    interval_begin: rfc3339Nanos(openTime),
    interval: minutes,
    timestamp: rfc3339Micros(closeTime + 1),
  };
}
