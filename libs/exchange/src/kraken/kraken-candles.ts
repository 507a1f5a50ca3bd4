import { closeTimeOf, type Interval, toIsoTime } from '@pds/market';
import type { StreamKline } from '../live-stream';
import { MAX_CLOCK_LEAD_MS } from '../stream/frame-checks';
import type { KrakenCandle } from './kraken-frame';

/**
 * How long after a candle's interval ends it is still taken as open: Kraken updates a candle on
 * trade events, and the update of a trade matched just before the end may leave a moment after it.
 */
export const CLOSE_GRACE_MS = 2_000;

export interface TradeIds {
  readonly firstTradeId: number;
  readonly lastTradeId: number;
}

function klineOfCandle(
  candle: KrakenCandle,
  eventTime: number,
  isClosed: boolean,
  ids: TradeIds,
): StreamKline {
  return {
    interval: candle.interval,
    eventTime,
    openTime: candle.intervalBegin,
    ...ids,
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

/** When the service's clock takes a candle of `interval` opened at `openTime` as ended. */
export function closesAt(openTime: number, interval: Interval): number {
  return closeTimeOf(openTime, interval) + 1 + CLOSE_GRACE_MS;
}

/**
 * One connection's newest candle of each interval, and when each is closed. Kraken's candles carry
 * no "final" flag, so a candle is closed once its interval has ended by the service's own clock
 * (`now`, which no frame moves: CONTRACT section 11), or once a later
 * candle of its interval begins; then its last values are pushed again with `isClosed: true`. An
 * update of a closed candle (Kraken revises volume after the close) is pushed closed as it comes.
 */
export class KrakenCandles {
  private readonly latest = new Map<Interval, StreamKline>();

  /** The pushes of one interval's candles from one frame, ascending. */
  pushes(
    group: readonly KrakenCandle[],
    eventTime: number,
    now: number | undefined,
    idsOf: (candle: KrakenCandle) => TradeIds,
  ): StreamKline[] {
    const first = group[0];
    if (first === undefined) return [];
    const interval = first.interval;
    const out: StreamKline[] = [];
    const previous = this.latest.get(interval);
    if (previous && previous.openTime < first.intervalBegin && !previous.kline.isClosed) {
      out.push(this.closed(previous, eventTime));
    }
    group.forEach((candle, index) => {
      const begin = candle.intervalBegin;
      const isClosed =
        index < group.length - 1 ||
        (previous !== undefined &&
          (begin < previous.openTime || (begin === previous.openTime && previous.kline.isClosed))) ||
        (now !== undefined && now >= closesAt(begin, interval));
      out.push(klineOfCandle(candle, eventTime, isClosed, idsOf(candle)));
    });
    const newest = out.reduce((a, b) => (b.openTime >= a.openTime ? b : a));
    if (!previous || newest.openTime >= previous.openTime) this.latest.set(interval, newest);
    return out;
  }

  /** The closing pushes of open candles whose interval has ended by `now`. */
  closeEnded(now: number | undefined): StreamKline[] {
    if (now === undefined) return [];
    const out: StreamKline[] = [];
    for (const push of this.latest.values()) {
      if (push.kline.isClosed || now < closesAt(push.openTime, push.interval)) continue;
      const at = Math.floor(now);
      // Never before the push it closes, unless that push's time was one the engine refuses.
      const eventTime = push.eventTime > at + MAX_CLOCK_LEAD_MS ? at : Math.max(push.eventTime, at);
      const closed = this.closed(push, eventTime);
      this.latest.set(push.interval, closed);
      out.push(closed);
    }
    return out;
  }

  /** The service time at which the next open candle closes, if any is open. */
  nextCloseAt(): number | undefined {
    let next: number | undefined;
    for (const push of this.latest.values()) {
      if (push.kline.isClosed) continue;
      const at = closesAt(push.openTime, push.interval);
      next = Math.min(next ?? at, at);
    }
    return next;
  }

  private closed(push: StreamKline, eventTime: number): StreamKline {
    const closed = { ...push, eventTime, kline: { ...push.kline, isClosed: true } };
    this.latest.set(push.interval, closed);
    return closed;
  }
}
