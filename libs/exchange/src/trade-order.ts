/**
 * How far below the served trade's id a trade may be and still be a late one of the same stream (a
 * reordered or replayed trade, a reconnect's snapshot of the last trades). Further below, the held
 * id cannot be the exchange's own (a forged one): the lower trade is newer.
 */
export const TRADE_ID_REORDER_WINDOW = 10_000;

/** A trade's place in its exchange's order. */
export interface TradeOrder {
  readonly id: number;
  /** Epoch ms. */
  readonly time: number;
}

/**
 * The served price is the newest valid trade by the exchange's order (CONTRACT section 11, "No
 * frame holds the served values"): `next` replaces `held` when its id is higher (a time forged
 * just inside the 60 s is served once, then the next trade's id replaces it), or when its time is
 * later (an id forged high does not hold later trades back), or when the held id is far above it
 * (see TRADE_ID_REORDER_WINDOW). A replayed or reordered trade (lower id, not later) changes
 * nothing. One exchange's ids only: across exchanges the order is the time alone. The Lua ingest
 * step keeps the same rule for what is stored (`ingest-step.lua.ts`).
 */
export function servesAfter(next: TradeOrder, held: TradeOrder): boolean {
  return next.id > held.id || next.time > held.time || held.id - next.id > TRADE_ID_REORDER_WINDOW;
}
