import { formatPrice, formatQuantity, formatQuote } from '@pds/market';
import type { SimKline } from '../market/kline';

/** One row of GET /api/v3/klines, in Binance's order. */
export type KlineRow = [
  openTime: number,
  open: string,
  high: string,
  low: string,
  close: string,
  volume: string,
  closeTime: number,
  quoteAssetVolume: string,
  trades: number,
  takerBuyBaseVolume: string,
  takerBuyQuoteVolume: string,
  unused: string,
];

export function klineRow({ openTime, closeTime, bar }: SimKline): KlineRow {
  return [
    openTime,
    formatPrice(bar.open),
    formatPrice(bar.high),
    formatPrice(bar.low),
    formatPrice(bar.close),
    formatQuantity(bar.volume),
    closeTime,
    formatQuote(bar.quoteVolume),
    bar.trades,
    formatQuantity(bar.takerBuyVolume),
    formatQuote(bar.takerBuyQuoteVolume),
    '0',
  ];
}
