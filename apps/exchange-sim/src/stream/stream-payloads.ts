import { formatPrice, formatQuantity, formatQuote } from '@pds/market';
import type { SimKline } from '../market/kline';
import { SIM_SYMBOL, type SimTrade } from '../market/market-events';

/** Payloads field for field as web-socket-streams.md documents them (key order included). */

export function tradePayload(trade: SimTrade, eventTime: number): object {
  return {
    e: 'trade',
    E: eventTime,
    s: SIM_SYMBOL,
    t: trade.id,
    p: trade.price,
    q: trade.quantity,
    T: trade.time,
    m: trade.buyerIsMaker,
    M: true,
  };
}

export function aggTradePayload(trade: SimTrade, eventTime: number): object {
  return {
    e: 'aggTrade',
    E: eventTime,
    s: SIM_SYMBOL,
    a: trade.aggregateId,
    p: trade.price,
    q: trade.quantity,
    f: trade.id,
    l: trade.id,
    T: trade.time,
    m: trade.buyerIsMaker,
    M: true,
  };
}

export function klinePayload(kline: SimKline, closed: boolean, eventTime: number): object {
  const { bar } = kline;
  return {
    e: 'kline',
    E: eventTime,
    s: SIM_SYMBOL,
    k: {
      t: kline.openTime,
      T: kline.closeTime,
      s: SIM_SYMBOL,
      i: kline.interval,
      f: bar.firstTradeId,
      L: bar.lastTradeId,
      o: formatPrice(bar.open),
      c: formatPrice(bar.close),
      h: formatPrice(bar.high),
      l: formatPrice(bar.low),
      v: formatQuantity(bar.volume),
      n: bar.trades,
      x: closed,
      q: formatQuote(bar.quoteVolume),
      V: formatQuantity(bar.takerBuyVolume),
      Q: formatQuote(bar.takerBuyQuoteVolume),
      B: '0',
    },
  };
}

/** Sent to every connection when the server is about to go; combined streams name it `!serverShutdown`. */
export const SERVER_SHUTDOWN_STREAM = '!serverShutdown';

export function serverShutdownPayload(eventTime: number): object {
  return { e: 'serverShutdown', E: eventTime };
}

/** The envelope of combined streams. */
export function combinedEnvelope(stream: string, data: object): object {
  return { stream, data };
}
