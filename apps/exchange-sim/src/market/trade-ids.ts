import type { HaltCalendar } from './halts';
import { HashStream } from './hash';

const IDS_SALT = 0x69647321;
/** A trading minute has MEAN ± (SPREAD - 1) trades: 101 to 1499. */
const MEAN_TRADES = 800;
const SPREAD = 700;

/**
 * Binance's trade ids: contiguous, so a kline's `L - f + 1` is its trade count. The first id of
 * minute m is an O(1) function of (seed, m): `k·MEAN + jitter(k)` over k, the trading minutes
 * before m (halted minutes take no id), so any span's ids and count come without a walk.
 */
export class TradeIds {
  private readonly jitter: HashStream;

  constructor(
    seed: number,
    private readonly halts: HaltCalendar,
  ) {
    this.jitter = new HashStream(seed, IDS_SALT);
  }

  /** The id of the first trade at or after the start of `minute`. */
  firstId(minute: number): number {
    const tradingMinute = minute - this.halts.haltedBefore(minute);
    return tradingMinute * MEAN_TRADES + this.jitter.below(tradingMinute, SPREAD);
  }

  /** Trades booked in `minute` (0 when halted). */
  tradesIn(minute: number): number {
    return this.firstId(minute + 1) - this.firstId(minute);
  }
}
