import {
  applyTrade,
  closeTimeOf,
  fromIsoTime,
  INTERVALS,
  type Interval,
  type Kline,
  klineFromTrade,
  openTimeOf,
} from '@pds/market';
import type { KlineWrite } from '../market-state/write-step';

/** One second of the index with a value: its price and the included exchanges' volume in it. */
export interface IndexTick {
  readonly time: number;
  readonly price: string;
  readonly volume: string;
}

/**
 * The index's klines, built from its per-second values (docs/index.md, "Klines"): open, high, low,
 * close of the seconds with a value, `volume` the included exchanges' volume in them, `trades` the
 * number of such seconds. A kline closes once a second past its close time is computed, with or
 * without a value; a slot without any value has no kline.
 */
export class IndexKlines {
  private readonly open = new Map<Interval, Kline>();
  private newest = Number.NEGATIVE_INFINITY;

  /** The newest second taken: a take-over replays only what follows it. */
  get lastSecond(): number {
    return this.newest;
  }

  /** The open klines another leader wrote, up to `lastSecond`, to continue from. */
  adopt(klines: readonly Kline[], lastSecond: number | undefined): void {
    for (const kline of klines) {
      const interval = INTERVALS.find((candidate) => isSlotOf(kline, candidate));
      if (interval && !kline.isClosed) this.open.set(interval, kline);
    }
    if (lastSecond !== undefined) this.newest = Math.max(this.newest, lastSecond);
  }

  /** The second `time` was computed: closes what ended before it, then adds its value if any. */
  second(time: number, tick: IndexTick | undefined): KlineWrite[] {
    if (time <= this.newest) return [];
    this.newest = time;
    const writes: KlineWrite[] = [];
    for (const interval of INTERVALS) {
      const current = this.open.get(interval);
      if (current && fromIsoTime(current.closeTime) < time) {
        writes.push({ interval, kind: 'closed', kline: { ...current, isClosed: true } });
        this.open.delete(interval);
      }
      if (!tick) continue;
      const kline = withTick(this.open.get(interval), tick, interval);
      this.open.set(interval, kline);
      writes.push({ interval, kind: 'open', kline });
    }
    return writes;
  }

  /** Every open kline, for a write that must carry the whole state (a take-over). */
  snapshot(): KlineWrite[] {
    return [...this.open].map(([interval, kline]) => ({ interval, kind: 'open', kline }));
  }
}

function isSlotOf(kline: Kline, interval: Interval): boolean {
  const openTime = fromIsoTime(kline.openTime);
  return (
    openTimeOf(openTime, interval) === openTime &&
    closeTimeOf(openTime, interval) === fromIsoTime(kline.closeTime)
  );
}

/** A second with a value adds to its kline as one trade of the second's volume would. */
function withTick(kline: Kline | undefined, tick: IndexTick, interval: Interval): Kline {
  const fill = { price: tick.price, quantity: tick.volume, time: tick.time };
  return kline ? applyTrade(kline, fill) : klineFromTrade(fill, interval);
}
