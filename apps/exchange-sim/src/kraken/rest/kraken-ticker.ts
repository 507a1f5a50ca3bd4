import { parsePriceTicks } from '@pds/market';
import type { Bar } from '../../market/bar';
import { mergeAll } from '../../market/bar';
import type { SimTrade } from '../../market/market-events';
import type { MarketService } from '../../market/market.service';
import { krakenPriceLong, krakenTenths, krakenVolume, vwapTicks } from '../kraken-numbers';
import { tradeSteps, tradeTicks } from './kraken-rows';

/** GET /0/public/Ticker's entry: `[today, last 24 hours]` pairs and the book's top. */
export interface KrakenTicker {
  readonly a: [string, string, string];
  readonly b: [string, string, string];
  readonly c: [string, string];
  readonly v: [string, string];
  readonly p: [string, string];
  readonly t: [number, number];
  readonly l: [string, string];
  readonly h: [string, string];
  readonly o: string;
}

const DAY_MS = 86_400_000;

/**
 * Today (since 00:00 UTC) from the open 1d kline; the last 24 hours from the hourly klines opened in
 * them (so up to 25 hours, the open hour included). The book's top is one tick either side of the last
 * price, one whole lot deep: the sim has no order book.
 */
export function krakenTicker(market: MarketService, lastTrade: SimTrade | undefined): KrakenTicker {
  const now = market.now();
  const lastTicks = lastTrade ? tradeTicks(lastTrade) : Number(krakenTenths(tickOf(market)) * 10n);
  const today = market.openKline('1d')?.bar;
  const hours = market.klines('1h', { startTime: now - DAY_MS, limit: 25 }).map((kline) => kline.bar);
  const day = mergeAll(hours);
  const last = krakenPriceLong(lastTicks);
  return {
    a: [krakenPriceLong(lastTicks + 10), '1', '1.000'],
    b: [last, '1', '1.000'],
    c: [last, krakenVolume(lastTrade ? tradeSteps(lastTrade) : 0)],
    v: [volume(today), volume(day)],
    p: [vwap(today, last), vwap(day, last)],
    t: [today?.trades ?? 0, day?.trades ?? 0],
    l: [price(today?.low, last), price(day?.low, last)],
    h: [price(today?.high, last), price(day?.high, last)],
    o: price(today?.open, last),
  };
}

function tickOf(market: MarketService): number {
  return parsePriceTicks(market.lastPrice()) ?? 0;
}

function volume(bar: Bar | undefined): string {
  return krakenVolume(bar?.volume ?? 0n);
}

function vwap(bar: Bar | undefined, fallback: string): string {
  return bar && bar.volume > 0n ? krakenPriceLong(vwapTicks(bar.quoteVolume, bar.volume)) : fallback;
}

function price(ticks: number | undefined, fallback: string): string {
  return ticks === undefined ? fallback : krakenPriceLong(ticks);
}
