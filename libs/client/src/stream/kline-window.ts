import type { Kline } from '../rest/price-operations';

/**
 * The klines a `/klines` stream has delivered, one per openTime, ascending: the snapshots and
 * updates upserted by openTime, as the contract asks clients to. With `maxSize` only the most
 * recent klines are kept.
 */
export class KlineWindow {
  private readonly byOpenTime = new Map<string, Kline>();
  private sorted: readonly Kline[] = [];

  constructor(private readonly maxSize: number | undefined) {}

  /** The window, ascending by openTime (ISO 8601 UTC times of one format sort as text). */
  get klines(): readonly Kline[] {
    return this.sorted;
  }

  /** The openTime of the newest kline, where a re-subscription can start without a gap. */
  get latestOpenTime(): string | undefined {
    return this.sorted.at(-1)?.openTime;
  }

  upsert(klines: readonly Kline[]): void {
    for (const kline of klines) this.byOpenTime.set(kline.openTime, kline);
    const all = [...this.byOpenTime.values()].sort((a, b) => (a.openTime < b.openTime ? -1 : 1));
    const excess = this.maxSize === undefined ? 0 : Math.max(0, all.length - this.maxSize);
    for (const dropped of all.slice(0, excess)) this.byOpenTime.delete(dropped.openTime);
    this.sorted = Object.freeze(all.slice(excess));
  }
}
