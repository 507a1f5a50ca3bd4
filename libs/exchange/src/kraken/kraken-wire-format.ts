import { closeTimeOf, type Interval, type MarketSymbol, toIsoTime } from '@pds/market';
import type { StreamKline, StreamTrade } from '../live-stream';
import { malformed, type StreamFrame, unexpected } from '../stream/stream-frame';
import type { FrameDecoder, StreamWireFormat } from '../stream/wire-format';
import { CandleTradeIds } from './candle-trade-ids';
import { KRAKEN_NATIVE_MINUTES, krakenWsSymbol } from './kraken-endpoints';
import type { KrakenCandle, KrakenFrame, KrakenTrade } from './kraken-frame';
import { parseKrakenFrame } from './parse-kraken-frame';

const NATIVE_INTERVALS = Object.keys(KRAKEN_NATIVE_MINUTES) as Interval[];

interface TradeIds {
  readonly firstTradeId: number;
  readonly lastTradeId: number;
}

function klineOfCandle(
  candle: KrakenCandle,
  eventTime: number,
  isClosed: boolean,
  ids: TradeIds,
): StreamKline {
  const { firstTradeId, lastTradeId } = ids;
  return {
    interval: candle.interval,
    eventTime,
    openTime: candle.intervalBegin,
    firstTradeId,
    lastTradeId,
    kline: {
      openTime: toIsoTime(candle.intervalBegin),
      closeTime: toIsoTime(closeTimeOf(candle.intervalBegin, candle.interval)),
      open: candle.open,
      high: candle.high,
      low: candle.low,
      close: candle.close,
      volume: candle.volume,
      trades: candle.trades,
      isClosed,
    },
  };
}

/**
 * One connection's reading of Kraken's frames. Kraken's candles carry no "final" flag: a candle
 * counts as closed once a later candle of the same interval begins (then its last values are pushed
 * again with `isClosed: true`), and an update of an earlier candle after that (Kraken revises volume
 * after the close) is pushed closed as it comes. A minute without trades has no candle at all.
 */
class KrakenDecoder implements FrameDecoder {
  private readonly pair: string;
  private readonly tradeIds = new CandleTradeIds(NATIVE_INTERVALS);
  private readonly latest = new Map<Interval, StreamKline>();

  constructor(symbol: MarketSymbol) {
    this.pair = krakenWsSymbol(symbol);
  }

  decode(text: string): StreamFrame {
    return this.frameOf(parseKrakenFrame(text));
  }

  private frameOf(frame: KrakenFrame): StreamFrame {
    switch (frame.kind) {
      case 'trade':
        return this.trades(frame.trades.filter((trade) => trade.symbol === this.pair));
      case 'ohlc':
        return this.klines(
          frame.time,
          frame.candles.filter((candle) => candle.symbol === this.pair),
        );
      case 'heartbeat':
        return { kind: 'heartbeat' };
      case 'status':
        // Only `online` matches trades; in `maintenance`, `cancel_only` or `post_only` "no order
        // matching will occur" (Kraken's status page), so there is no live price to carry.
        return frame.system === 'online'
          ? { kind: 'heartbeat' }
          : { kind: 'unavailable', reason: frame.system };
      case 'ack':
        return { kind: 'ack' };
      case 'errorReply':
        return { kind: 'errorReply', message: `${frame.method}: ${frame.error}` };
      case 'rejected':
        return frame.reason === 'unexpected'
          ? unexpected(frame.detail)
          : malformed(`${frame.reason}: ${frame.detail}`);
    }
  }

  private trades(trades: readonly KrakenTrade[]): StreamFrame {
    if (trades.length === 0) return unexpected('trades of another symbol');
    const sorted = [...trades].sort((a, b) => a.tradeId - b.tradeId);
    const out: StreamTrade[] = sorted.map((trade) => {
      this.tradeIds.noteTrade(trade);
      return {
        id: trade.tradeId,
        price: trade.price,
        quantity: trade.qty,
        time: trade.time,
        eventTime: trade.time,
      };
    });
    return { kind: 'trades', trades: out };
  }

  private klines(eventTime: number, candles: readonly KrakenCandle[]): StreamFrame {
    if (candles.length === 0) return unexpected('candles of another symbol');
    const out: StreamKline[] = [];
    for (const interval of NATIVE_INTERVALS) {
      const group = candles
        .filter((candle) => candle.interval === interval)
        .sort((a, b) => a.intervalBegin - b.intervalBegin);
      out.push(...this.intervalKlines(interval, group, eventTime));
    }
    return { kind: 'klines', klines: out };
  }

  private intervalKlines(
    interval: Interval,
    group: readonly KrakenCandle[],
    eventTime: number,
  ): StreamKline[] {
    const first = group[0];
    if (first === undefined) return [];
    const out: StreamKline[] = [];
    const previous = this.latest.get(interval);
    if (previous && previous.openTime < first.intervalBegin && !previous.kline.isClosed) {
      out.push({ ...previous, eventTime, kline: { ...previous.kline, isClosed: true } });
    }
    group.forEach((candle, index) => {
      const later =
        index < group.length - 1 || (previous !== undefined && candle.intervalBegin < previous.openTime);
      out.push(klineOfCandle(candle, eventTime, later, this.tradeIds.idsOf(candle)));
    });
    const newest = out.reduce((a, b) => (b.openTime >= a.openTime ? b : a));
    if (!previous || newest.openTime >= previous.openTime) this.latest.set(interval, newest);
    return out;
  }
}

/** The subscribe requests: trades first, so the trade snapshot precedes the candles it explains. */
function subscribeMessages(symbol: MarketSymbol): string[] {
  const pair = krakenWsSymbol(symbol);
  const trade = {
    method: 'subscribe',
    params: { channel: 'trade', symbol: [pair], snapshot: true },
    req_id: 1,
  };
  const ohlc = Object.values(KRAKEN_NATIVE_MINUTES).map((interval, index) => ({
    method: 'subscribe',
    params: { channel: 'ohlc', symbol: [pair], interval, snapshot: true },
    req_id: index + 2,
  }));
  return [trade, ...ohlc].map((request) => JSON.stringify(request));
}

/**
 * Kraken's Spot WebSocket v2: one connection, `subscribe` requests sent on open (trade, and ohlc per
 * native interval; 6h/12h are merged from 1h by the adapter). Kraken sends a `heartbeat` message
 * about every second when nothing else flows, which keeps the silence watchdog alive; its docs
 * offer an application-level `{"method":"ping"}` without requiring it, so none is sent. WebSocket
 * pings are answered as the protocol wants.
 */
export const krakenWireFormat: StreamWireFormat = {
  streamUrl: (wsBaseUrl) => wsBaseUrl,
  subscribeMessages,
  createDecoder: (symbol) => new KrakenDecoder(symbol),
  ping: { autoPong: true },
};
