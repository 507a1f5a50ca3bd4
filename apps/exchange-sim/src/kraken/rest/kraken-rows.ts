import { parsePriceTicks, parseQuantitySteps } from '@pds/market';
import type { SimTrade } from '../../market/market-events';
import type { KrakenKline } from '../kraken-market';
import { krakenPrice, krakenPriceLong, krakenVolume, vwapTicks } from '../kraken-numbers';
import { epochSecondsText } from '../kraken-time';

/** `[time, open, high, low, close, vwap, volume, count]`: an OHLC row, decimals as strings. */
export type OhlcRow = [number, string, string, string, string, string, string, number];

export function ohlcRow({ openTime, bar, reportedVolume }: KrakenKline): OhlcRow {
  return [
    openTime / 1000,
    krakenPrice(bar.open),
    krakenPrice(bar.high),
    krakenPrice(bar.low),
    krakenPrice(bar.close),
    krakenPrice(vwapTicks(bar.quoteVolume, bar.volume)),
    krakenVolume(reportedVolume ?? bar.volume),
    bar.trades,
  ];
}

/**
 * The entry of an interval in which nothing traded yet, as Kraken shows its current one: the last
 * price four times, a zero vwap and volume, no trade.
 */
export function emptyOhlcRow(minutes: number, now: number, lastPrice: string): OhlcRow {
  const length = minutes * 60_000;
  const price = krakenPrice(parsePriceTicks(lastPrice) ?? 0);
  return [(Math.floor(now / length) * length) / 1000, price, price, price, price, '0.0', krakenVolume(0), 0];
}

/** `[price, volume, time, "b"|"s", "m"|"l", misc, trade_id]`: a row of GET /0/public/Trades. */
export type TradeRow = [string, string, number, string, string, string, number];

export function tradeRow(trade: SimTrade): TradeRow {
  return [
    krakenPriceLong(tradeTicks(trade)),
    krakenVolume(tradeSteps(trade)),
    Number(epochSecondsText(trade.time)),
    takerSide(trade) === 'buy' ? 'b' : 's',
    takerOrderType(trade) === 'market' ? 'm' : 'l',
    '',
    trade.id,
  ];
}

/** The side of the taker: the buyer took when the resting (maker) order was the seller's. */
export function takerSide(trade: SimTrade): 'buy' | 'sell' {
  return trade.buyerIsMaker ? 'sell' : 'buy';
}

/** Takers mostly cross with limit orders; every third trade is a market order (deterministic). */
export function takerOrderType(trade: SimTrade): 'market' | 'limit' {
  return trade.id % 3 === 0 ? 'market' : 'limit';
}

export function tradeTicks(trade: SimTrade): number {
  return parsePriceTicks(trade.price) ?? 0;
}

export function tradeSteps(trade: SimTrade): number {
  return parseQuantitySteps(trade.quantity) ?? 0;
}
