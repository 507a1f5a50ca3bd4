import {
  addDecimals,
  applyTrade,
  type Interval,
  type Kline,
  klineFromTrade,
  openTimeOf,
  quietKlineAfter,
  type Trade,
} from '@pds/market';
import { datedAhead, MAX_CLOCK_LEAD_MS, serviceNow, type StreamKline } from '@pds/exchange';
import type { KlineWrite, KlineWriteKind } from './write-step';

/** What the ingestor knows of one interval's newest kline. */
export interface IntervalKline {
  readonly interval: Interval;
  /** Epoch ms. */
  readonly openTime: number;
  readonly kline: Kline;
  /** Id of the last trade the kline includes (-1: none). */
  readonly lastTradeId: number;
  /** Time of that trade, or of the push that counted it (epoch ms): no trade after it is included. */
  readonly lastTradeTime: number;
  /** The exchange pushed it with `x: true`: it is final and no trade changes it any more. */
  readonly final: boolean;
  /**
   * Started by the service's clock (`followClock`), flat at the last close, and nothing came in it
   * since: no trade, no push. Such a kline is never sent to history by the ingestor (an exchange
   * halt has no klines; the exchange's closed push or its history decide).
   */
  readonly startedByClock?: boolean;
}

type LastTrade = Pick<IntervalKline, 'lastTradeId' | 'lastTradeTime'>;

export interface IntervalUpdate {
  readonly state: IntervalKline | undefined;
  readonly writes: readonly KlineWrite[];
}

function write(interval: Interval, kind: KlineWriteKind, kline: Kline): KlineWrite {
  return { interval, kind, kline: kind === 'open' ? kline : { ...kline, isClosed: true } };
}

function unchanged(state: IntervalKline | undefined): IntervalUpdate {
  return { state, writes: [] };
}

/** One more trade in the kline; a kline without trades yet (an empty push) starts at the trade's price. */
export function withTrade(kline: Kline, trade: Trade): Kline {
  if (kline.trades > 0) return applyTrade(kline, trade);
  const { price } = trade;
  const volume = addDecimals(kline.volume, trade.quantity);
  return { ...kline, open: price, high: price, low: price, close: price, volume, trades: 1 };
}

function startedBy(trade: Trade, interval: Interval): IntervalKline {
  const openTime = openTimeOf(trade.time, interval);
  const kline = klineFromTrade(trade, interval);
  return { interval, openTime, kline, lastTradeId: trade.id, lastTradeTime: trade.time, final: false };
}

/**
 * The trade is already in the kline: not after its last trade by id, nor by time beyond the exchange
 * clock's tolerance (a push may lag the trades a little). Time too, so that one trade id of 2^53−1
 * does not make every later trade look included for good (CONTRACT section 11); and a last trade
 * dated ahead of the service's clock `now` (an id and a time forged together) includes nothing.
 */
function included(last: LastTrade, trade: Pick<Trade, 'id' | 'time'>, now: number): boolean {
  return (
    trade.id <= last.lastTradeId &&
    trade.time <= last.lastTradeTime + MAX_CLOCK_LEAD_MS &&
    !datedAhead(last.lastTradeTime, now)
  );
}

/** The push counts fewer trades than the state, by id and by time alike (see `included`). */
function behind(next: LastTrade, state: LastTrade, now: number): boolean {
  return (
    included(state, { id: next.lastTradeId, time: next.lastTradeTime }, now) &&
    next.lastTradeId < state.lastTradeId
  );
}

/**
 * A state that opened more than the exchange clock's tolerance after a valid event's time cannot
 * be (written by a value an older version let through): it gives way instead of holding back.
 */
function impossible(state: IntervalKline | undefined, validTime: number): boolean {
  return state !== undefined && state.openTime > validTime + MAX_CLOCK_LEAD_MS;
}

/**
 * The state's slot has not ended on the service's clock (`now`): a slot is open until its close time
 * passes, so no event dated in a later slot (one dated just inside the 60 s ahead) closes it early.
 */
function notEnded(state: IntervalKline, now: number): boolean {
  return Date.parse(state.kline.closeTime) >= now;
}

/** The push is of a later grid slot than the state (an off-grid push of its own slot is not). */
function laterSlot(push: StreamKline, state: IntervalKline): boolean {
  return openTimeOf(push.openTime, push.interval) > openTimeOf(state.openTime, push.interval);
}

/**
 * The open kline follows every trade between the exchange's pushes. A trade in a later interval
 * rolls over: the old kline goes to history as closed by the ingestor (the exchange's final push
 * replaces it later), the trade starts the new one. Trades already included or older are ignored.
 * Before the first push of an interval there is no base: a kline built from the trades seen since
 * start-up would be wrong (a day's kline from one trade), so nothing is written until the push comes
 * (it is then topped up with the buffered trades). A trade in a slot after one that has not ended on
 * the service's clock changes no kline (`notEnded`).
 */
export function followTrade(
  state: IntervalKline | undefined,
  trade: Trade,
  interval: Interval,
  now: number = serviceNow(),
): IntervalUpdate {
  if (!state || impossible(state, trade.time)) return unchanged(undefined);
  const openTime = holds(state.openTime, state.kline, trade, interval)
    ? state.openTime
    : openTimeOf(trade.time, interval);
  if (included(state, trade, now) || openTime < state.openTime) return unchanged(state);
  if (openTime > state.openTime && notEnded(state, now)) return unchanged(state);
  if (openTime === state.openTime) {
    if (state.final) return unchanged(state);
    const kline = withTrade(state.kline, trade);
    const traded = { kline, lastTradeId: trade.id, lastTradeTime: trade.time, startedByClock: false };
    const next: IntervalKline = { ...state, ...traded };
    return { state: next, writes: [write(interval, 'open', next.kline)] };
  }
  const started = startedBy(trade, interval);
  return { state: started, writes: [...endedWrites(state), write(interval, 'open', started.kline)] };
}

/** What a rollover sends to history of the state it ends: its own kline, unless final or never traded. */
function endedWrites(state: IntervalKline): KlineWrite[] {
  if (state.final || state.startedByClock) return [];
  return [write(state.interval, 'closed-if-absent', state.kline)];
}

/**
 * The service's clock passed the state's close time and no event started a later slot: the slot
 * that holds `now` starts flat at the last close, without trades (as Binance shows a quiet minute),
 * so the open kline served is never one whose time is over (CONTRACT section 3, "closed by time").
 * A kline cut short (a halt beginning inside it) keeps its grid slot until that slot ends. Every
 * grid slot ends on a whole minute, so a check at each minute of the service's clock is enough.
 */
export function followClock(state: IntervalKline | undefined, now: number): IntervalUpdate {
  if (!state || notEnded(state, now)) return unchanged(state);
  const { interval } = state;
  const openTime = openTimeOf(now, interval);
  if (openTime <= openTimeOf(state.openTime, interval)) return unchanged(state);
  const kline = quietKlineAfter(state.kline, openTime, interval);
  // The last trade stays the state's: trades up to it are in an earlier kline, not to be counted again.
  const { lastTradeId, lastTradeTime } = state;
  const started = {
    interval,
    openTime,
    kline,
    lastTradeId,
    lastTradeTime,
    final: false,
    startedByClock: true,
  };
  return { state: started, writes: [...endedWrites(state), write(interval, 'open', kline)] };
}

/**
 * The exchange's push as the base, plus the recent trades it did not include yet (id > its last
 * trade id, inside its interval), so the state never goes back to what it was two seconds ago.
 * A final push (`x: true`) is taken as it is.
 */
export function rebase(
  push: StreamKline,
  recentTrades: readonly Trade[],
  now: number = serviceNow(),
): IntervalKline {
  const { interval, openTime } = push;
  let kline = push.kline;
  // Every trade the push counts happened by its event time.
  const last = { lastTradeId: push.lastTradeId, lastTradeTime: push.eventTime };
  if (!kline.isClosed) {
    for (const trade of recentTrades) {
      if (included(last, trade, now) || !holds(openTime, push.kline, trade, interval)) continue;
      kline = withTrade(kline, trade);
      last.lastTradeId = trade.id;
      last.lastTradeTime = trade.time;
    }
  }
  return { interval, openTime, kline, ...last, final: kline.isClosed };
}

/**
 * The trade is in the kline: within its own span (off the grid after a halt too) and in the grid
 * slot it opened in (a kline that realigns overlaps the next slot's first second; trades there
 * belong to the aligned kline).
 */
function holds(openTime: number, kline: Kline, trade: Trade, interval: Interval): boolean {
  const inSpan = trade.time >= openTime && trade.time <= Date.parse(kline.closeTime);
  return inSpan && openTimeOf(trade.time, interval) === openTimeOf(openTime, interval);
}

function sameKline(a: Kline, b: Kline): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * An exchange kline push: authoritative, but older than what the state holds it changes nothing, and
 * a push of a later slot changes nothing before the state's slot has ended on the service's clock.
 */
export function reconcilePush(
  state: IntervalKline | undefined,
  push: StreamKline,
  recentTrades: readonly Trade[],
  now: number = serviceNow(),
): IntervalUpdate {
  const { interval } = push;
  if (impossible(state, push.eventTime)) return reconcilePush(undefined, push, recentTrades, now);
  if (state && laterSlot(push, state) && notEnded(state, now)) return unchanged(state);
  if (state && push.openTime < state.openTime) {
    // A late push of an earlier kline: only its final version matters, and only to history.
    return { state, writes: push.kline.isClosed ? [write(interval, 'closed', push.kline)] : [] };
  }
  const next = rebase(push, recentTrades, now);
  if (state && push.openTime === state.openTime) {
    if (next.final) return { state: next, writes: [write(interval, 'closed', next.kline)] };
    // Not final: never behind the state (a push cannot lose trades the state already counted).
    if (state.final || behind(next, state, now)) return unchanged(state);
    return sameKline(next.kline, state.kline)
      ? { state: next, writes: [] }
      : { state: next, writes: [write(interval, 'open', next.kline)] };
  }
  const closed = state && !sameSlot(state, push) ? endedWrites(state) : [];
  return { state: next, writes: [...closed, write(interval, next.final ? 'closed' : 'open', next.kline)] };
}

/**
 * True when the state is the kline trades started on the grid and the push is the exchange's own
 * kline of that slot, opened off the grid (after a trading halt): the push replaces it, and the
 * trades' grid kline never existed on the exchange, so it is not history.
 */
function sameSlot(state: IntervalKline, push: StreamKline): boolean {
  return push.openTime > state.openTime && openTimeOf(push.openTime, push.interval) === state.openTime;
}
