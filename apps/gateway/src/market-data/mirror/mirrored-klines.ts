import type { KlinesRead } from '../klines/needed-slots';
import { type KlinesWindow, type StoredKline, takesFirst } from '../klines/klines-selection';
import { parseKlineMessage } from './kline-message';

/** Closed klines kept per interval: enough for the largest `limit` of getKlines. */
export const MIRRORED_CLOSED_KLINES = 1000;

/** What one read of Redis gave: the open kline and the newest closed klines, ascending. */
export interface KlinesSnapshot {
  readonly open: string | null;
  readonly closed: readonly StoredKline[];
}

/** Index of the first kline whose openTime is at least `time` (or above it when `after`). */
function firstIndexFrom(klines: readonly StoredKline[], time: number, after = false): number {
  let low = 0;
  let high = klines.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const openTime = klines[middle]?.openTime ?? 0;
    if (openTime < time || (after && openTime === time)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * One interval's newest klines as Redis holds them: the open kline and the newest closed ones. It
 * holds every closed kline Redis has from `knownFrom` on, so a read that lies inside that range gets
 * exactly what the same read of Redis would; any other read is refused (undefined). `version`
 * changes with every change, `closedVersion` with every change to the closed klines.
 */
export class MirroredKlines {
  private closed: StoredKline[] = [];
  private open: StoredKline | undefined;
  private knownFrom = Number.POSITIVE_INFINITY;
  private changes = 0;
  private closedChanges = 0;

  constructor(private readonly capacity = MIRRORED_CLOSED_KLINES) {}

  get version(): number {
    return this.changes;
  }

  /** Changes with every change to the closed klines (an open kline's update leaves it). */
  get closedVersion(): number {
    return this.closedChanges;
  }

  /** The open kline as served, with its exchange. */
  get openKline(): StoredKline | undefined {
    return this.open;
  }

  install(snapshot: KlinesSnapshot): void {
    this.closed = [...snapshot.closed];
    // Fewer than asked for: Redis holds nothing older.
    const full = this.closed.length >= this.capacity;
    this.knownFrom = full ? (this.closed[0]?.openTime ?? 0) : Number.NEGATIVE_INFINITY;
    this.open = snapshot.open === null ? undefined : parseKlineMessage(snapshot.open);
    this.changes += 1;
    this.closedChanges += 1;
  }

  /** A Kline published on the interval's channel: the open kline, or one that was stored closed. */
  apply(message: string): void {
    const kline = parseKlineMessage(message);
    if (!kline) return;
    if (kline.isClosed) {
      this.upsertClosed({ openTime: kline.openTime, json: kline.json });
      this.closedChanges += 1;
    } else {
      this.open = kline;
    }
    this.changes += 1;
  }

  /** The read Redis would answer for `window` (closed klines limited as it limits them), if known. */
  read(window: KlinesWindow): KlinesRead | undefined {
    const { closed } = this;
    if (takesFirst(window)) {
      const from = window.from ?? Number.NEGATIVE_INFINITY;
      if (from < this.knownFrom) return undefined;
      const start = firstIndexFrom(closed, from);
      const end = window.to === undefined ? closed.length : firstIndexFrom(closed, window.to, true);
      return { closed: closed.slice(start, Math.min(end, start + window.limit)), open: this.open };
    }
    const end = window.to === undefined ? closed.length : firstIndexFrom(closed, window.to, true);
    const start = Math.max(0, end - window.limit);
    const complete = end - start >= window.limit || this.knownFrom === Number.NEGATIVE_INFINITY;
    return complete ? { closed: closed.slice(start, end), open: this.open } : undefined;
  }

  private upsertClosed(kline: StoredKline): void {
    // Older than the range held: Redis may hold more of that past than this mirror does.
    if (kline.openTime < this.knownFrom) return;
    const index = firstIndexFrom(this.closed, kline.openTime);
    if (this.closed[index]?.openTime === kline.openTime) this.closed[index] = kline;
    else this.closed.splice(index, 0, kline);
    if (this.closed.length <= this.capacity) return;
    this.closed.shift();
    this.knownFrom = this.closed[0]?.openTime ?? 0;
  }
}
