/**
 * How far below the served trade's id a trade may be and still be a late one of the same stream (a
 * reordered or replayed trade, a reconnect's snapshot of the last trades). Further below, the held
 * id cannot be the exchange's own (a forged one): the lower trade is newer.
 */
export const TRADE_ID_REORDER_WINDOW = 10_000;

/**
 * How far ahead of the service's clock a time held as the newest (the served trade's, the newest
 * event time) may be and still be a real one: no real event is dated after the present beyond the
 * hosts' clock difference. A held time further ahead (one forged inside the 60 s of CONTRACT
 * section 11) gives way to the next valid value.
 */
export const HELD_TIME_SLACK_MS = 1_000;

/** A trade's place in its exchange's order. */
export interface TradeOrder {
  readonly id: number;
  /** Epoch ms. */
  readonly time: number;
}

/**
 * The held trade cannot be the exchange's newest whatever `next` is: it is dated ahead of the
 * service's clock `now` beyond HELD_TIME_SLACK_MS (a real trade is not dated after the present
 * beyond the hosts' clock difference), or its id is far above `next`'s (TRADE_ID_REORDER_WINDOW).
 * What a frame forged inside the 60 s of CONTRACT section 11 left behind gives way by it.
 */
export function outranked(next: TradeOrder, held: TradeOrder, now: number): boolean {
  return datedAhead(held.time, now) || held.id - next.id > TRADE_ID_REORDER_WINDOW;
}

/** A held time further ahead of the service's clock `now` than HELD_TIME_SLACK_MS: no real event's. */
export function datedAhead(time: number, now: number): boolean {
  return time > now + HELD_TIME_SLACK_MS;
}

/**
 * The served price is the newest valid trade by the exchange's order (CONTRACT section 11, "No
 * frame holds the served values"): `next` replaces `held` when its id is higher (a time forged
 * just inside the 60 s is served once, then the next trade's id replaces it), or when its time is
 * later (an id forged high does not hold later trades back), or when `held` is `outranked` (an id
 * and a time forged together). A replayed or reordered trade (lower id, not later) changes
 * nothing. One exchange's ids only: across exchanges the order is the time alone. The Lua ingest
 * step keeps the same rule for what is stored (`ingest-step.lua.ts`).
 */
export function servesAfter(next: TradeOrder, held: TradeOrder, now: number): boolean {
  return next.id > held.id || next.time > held.time || outranked(next, held, now);
}
