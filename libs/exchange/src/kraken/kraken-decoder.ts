import type { Interval, MarketSymbol } from '@pds/market';
import type { StreamKline, StreamTrade } from '../live-stream';
import { serviceNow } from '../service-clock';
import { malformed, refused, type StreamFrame, unexpected } from '../stream/stream-frame';
import type { FrameDecoder } from '../stream/wire-format';
import { CandleTradeIds } from './candle-trade-ids';
import { KrakenCandles } from './kraken-candles';
import { KRAKEN_NATIVE_MINUTES, krakenWsSymbol } from './kraken-endpoints';
import type { KrakenCandle, KrakenFrame, KrakenTrade } from './kraken-frame';
import type { KrakenFieldRule } from './kraken-json';
import { parseKrakenFrame } from './parse-kraken-frame';

const NATIVE_INTERVALS = Object.keys(KRAKEN_NATIVE_MINUTES) as Interval[];

/** A field that breaks a rule of CONTRACT section 11 is refused under that rule's reason. */
function rejectedField(rule: KrakenFieldRule | undefined, detail: string): StreamFrame {
  if (rule === 'number-length') return refused('number-length', `${rule}: ${detail}`);
  if (rule === 'not-whole') return refused('trade-count', `${rule}: ${detail}`);
  return malformed(`invalid-field: ${detail}`);
}

/**
 * One connection's reading of Kraken's frames. Candles are closed by the service's own clock
 * (`serviceNow`, CONTRACT section 11: no frame moves it, however many agree), also when no frame
 * comes (`due`), or once a later candle of their interval begins (KrakenCandles). Empty snapshots
 * (`data: []`, nothing traded yet) are data frames without events.
 */
export class KrakenDecoder implements FrameDecoder {
  private readonly pair: string;
  private readonly tradeIds = new CandleTradeIds(NATIVE_INTERVALS);
  private readonly candles = new KrakenCandles();

  constructor(
    symbol: MarketSymbol,
    private readonly now: () => number = serviceNow,
  ) {
    this.pair = krakenWsSymbol(symbol);
  }

  decode(text: string): readonly StreamFrame[] {
    const frame = this.frameOf(parseKrakenFrame(text));
    const due = this.due();
    return due.length === 0 ? [frame] : [frame, ...due];
  }

  due(): readonly StreamFrame[] {
    const klines = this.candles.closeEnded(this.now());
    return klines.length === 0 ? [] : [{ kind: 'klines', klines }];
  }

  /** Local time (what the due timer waits on) of the next candle close on the service's clock. */
  nextDueAt(): number | undefined {
    const at = this.candles.nextCloseAt();
    return at === undefined ? undefined : Date.now() + (at - this.now());
  }

  private frameOf(frame: KrakenFrame): StreamFrame {
    switch (frame.kind) {
      case 'trade':
        return this.trades(frame.trades);
      case 'ohlc':
        return this.klines(frame.time, frame.candles);
      case 'heartbeat':
        return { kind: 'heartbeat' };
      case 'status':
        // Only `online` matches trades; in `maintenance`, `cancel_only` or `post_only` "no order
        // matching will occur" (Kraken's status page), so there is no live price to carry.
        return frame.system === 'online'
          ? { kind: 'heartbeat' }
          : { kind: 'unavailable', reason: frame.system };
      case 'ack':
        return { kind: 'ack', subscription: frame.method === 'subscribe' };
      case 'errorReply':
        return {
          kind: 'errorReply',
          message: `${frame.method}: ${frame.error}`,
          subscription: frame.method === 'subscribe',
        };
      case 'rejected':
        if (frame.reason === 'unexpected') return unexpected(frame.detail);
        if (frame.reason === 'invalid-field') return rejectedField(frame.rule, frame.detail);
        return malformed(`${frame.reason}: ${frame.detail}`);
    }
  }

  private trades(all: readonly KrakenTrade[]): StreamFrame {
    if (all.length === 0) return { kind: 'trades', trades: [] }; // nothing traded yet
    const trades = all.filter((trade) => trade.symbol === this.pair);
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

  private klines(eventTime: number | undefined, all: readonly KrakenCandle[]): StreamFrame {
    if (all.length === 0 || eventTime === undefined) return { kind: 'klines', klines: [] };
    const candles = all.filter((candle) => candle.symbol === this.pair);
    if (candles.length === 0) return unexpected('candles of another symbol');
    const now = this.now();
    const out: StreamKline[] = [];
    for (const interval of NATIVE_INTERVALS) {
      const group = candles
        .filter((candle) => candle.interval === interval)
        .sort((a, b) => a.intervalBegin - b.intervalBegin);
      out.push(...this.candles.pushes(group, eventTime, now, (candle) => this.tradeIds.idsOf(candle)));
    }
    return { kind: 'klines', klines: out };
  }
}
