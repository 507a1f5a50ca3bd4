import { INTERVALS, type Interval, type Kline, type Price, priceOf } from '@pds/market';
import {
  datedAhead,
  MAX_CLOCK_LEAD_MS,
  servesAfter,
  serviceNow,
  type StreamKline,
  type StreamTrade,
} from '@pds/exchange';
import {
  followClock,
  followTrade,
  type IntervalKline,
  type IntervalUpdate,
  reconcilePush,
} from './interval-kline';
import { TradeBuffer } from './trade-buffer';
import type { KlineWrite, WriteStep } from './write-step';

/** How many recently closed klines per interval a new leader re-writes when it takes over. */
const RECENT_CLOSED = 3;

/**
 * A time held in the state more than the exchange clock's tolerance after a valid event's time
 * cannot be (the engine refuses such times; one got in before the exchange's clock was known, or
 * through an older version): it gives way instead of holding every later event back.
 */
function beyond(held: number, validTime: number): boolean {
  return held > validTime + MAX_CLOCK_LEAD_MS;
}

interface LastPrice {
  readonly price: Price;
  readonly time: number;
  readonly tradeId: number;
}

/**
 * The in-memory market of one symbol: latest price, each interval's kline, recent trades.
 * Leader and standbys keep it alike; each exchange event turns into one `WriteStep` that the leader
 * writes. State never goes back: older trades and pushes change nothing; but no time held in it
 * can hold back a valid event for longer than the clock's tolerance (`beyond`). The price is the
 * newest trade by the exchange's own order (`servesAfter`), not the largest time seen, so a
 * trade dated just inside the 60 s is served once and replaced by the next one.
 */
export class MarketState {
  private readonly klines = new Map<Interval, IntervalKline>();
  private readonly recentClosed = new Map<Interval, KlineWrite[]>();
  private readonly trades = new TradeBuffer();
  private lastPrice: LastPrice | undefined;
  private newestEventTime: number | undefined;

  /** `now`: the service's clock (`serviceNow`), injectable for specs. */
  constructor(private readonly now: () => number = serviceNow) {}

  /** Newest exchange event time seen, epoch ms. */
  get eventTime(): number | undefined {
    return this.newestEventTime;
  }

  get price(): Price | undefined {
    return this.lastPrice?.price;
  }

  openKline(interval: Interval): Kline | undefined {
    return this.klines.get(interval)?.kline;
  }

  onTrade(trade: StreamTrade): WriteStep {
    const eventTime = this.advance(trade.eventTime);
    this.trades.add(trade);
    let price: Price | undefined;
    const last = this.lastPrice;
    const now = this.now();
    if (!last || servesAfter(trade, { id: last.tradeId, time: last.time }, now)) {
      this.lastPrice = { price: priceOf(trade.price, trade.time), time: trade.time, tradeId: trade.id };
      price = this.lastPrice.price;
    }
    const writes = INTERVALS.flatMap((interval) =>
      this.applyByTime(followTrade(this.klines.get(interval), trade, interval, now), now),
    );
    return { eventTime, price, priceTradeId: price ? trade.id : undefined, klines: writes };
  }

  onKline(push: StreamKline): WriteStep {
    const eventTime = this.advance(push.eventTime);
    const now = this.now();
    const update = reconcilePush(this.klines.get(push.interval), push, this.trades.recent(), now);
    return { eventTime, price: undefined, klines: this.applyByTime(update, now) };
  }

  /**
   * The service's clock passed a minute: each interval whose slot ended without an event that
   * started the next one rolls over by time (`followClock`). Undefined when nothing changed.
   */
  onClock(): WriteStep | undefined {
    const eventTime = this.newestEventTime;
    if (eventTime === undefined) return undefined;
    const now = this.now();
    const klines = INTERVALS.flatMap((interval) => this.apply(followClock(this.klines.get(interval), now)));
    return klines.length === 0 ? undefined : { eventTime, price: undefined, klines };
  }

  /**
   * Everything current, for a leader that just took over: the latest price, each interval's recently
   * closed klines (unless `withClosed` is false: a standby exchange taking over must not overwrite the
   * history it did not serve) and open kline. Undefined before the first event.
   */
  snapshot({ withClosed = true }: { readonly withClosed?: boolean } = {}): WriteStep | undefined {
    if (this.newestEventTime === undefined) return undefined;
    const klines = INTERVALS.flatMap((interval): KlineWrite[] => {
      const state = this.klines.get(interval);
      const open: KlineWrite[] =
        state && !state.final ? [{ interval, kind: 'open', kline: state.kline }] : [];
      const closed = withClosed ? (this.recentClosed.get(interval) ?? []) : [];
      return [...closed, ...open];
    });
    const { price, tradeId } = this.lastPrice ?? {};
    return { eventTime: this.newestEventTime, price, priceTradeId: tradeId, klines };
  }

  /** The newest event time; one held ahead of the service's clock (forged) gives way to the next. */
  private advance(eventTime: number): number {
    const newest = this.newestEventTime;
    const givesWay = newest === undefined || beyond(newest, eventTime) || datedAhead(newest, this.now());
    this.newestEventTime = givesWay ? eventTime : Math.max(newest, eventTime);
    return this.newestEventTime;
  }

  /**
   * The update, then the clock's roll if its slot has already ended: an event that sets a kline of
   * an ended slot (the exchange's closed push coming after the minute's tick, say) must not leave it
   * the open kline until the next tick, up to a minute later.
   */
  private applyByTime(update: IntervalUpdate, now: number): readonly KlineWrite[] {
    const writes = this.apply(update);
    const rolled = followClock(update.state, now);
    return rolled.writes.length === 0 ? writes : [...writes, ...this.apply(rolled)];
  }

  private apply(update: IntervalUpdate): readonly KlineWrite[] {
    const { state, writes } = update;
    if (state) this.klines.set(state.interval, state);
    for (const written of writes) if (written.kind !== 'open') this.remember(written);
    return writes;
  }

  private remember(closed: KlineWrite): void {
    const list = (this.recentClosed.get(closed.interval) ?? []).filter(
      (known) => known.kline.openTime !== closed.kline.openTime,
    );
    list.push(closed);
    list.sort((a, b) => a.kline.openTime.localeCompare(b.kline.openTime));
    this.recentClosed.set(closed.interval, list.slice(-RECENT_CLOSED));
  }
}
