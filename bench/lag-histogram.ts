/** Lag samples counted per whole millisecond: a million samples cost a few hundred buckets. */
export class LagHistogram {
  private readonly counts = new Map<number, number>();
  private total = 0;

  get size(): number {
    return this.total;
  }

  add(lagMs: number, count = 1): void {
    const bucket = Math.max(0, Math.round(lagMs));
    this.counts.set(bucket, (this.counts.get(bucket) ?? 0) + count);
    this.total += count;
  }

  merge(buckets: readonly (readonly [number, number])[]): void {
    for (const [lagMs, count] of buckets) this.add(lagMs, count);
  }

  buckets(): [number, number][] {
    return [...this.counts];
  }

  /** The smallest lag at or under which `p` per cent of the samples lie (NaN when empty). */
  percentile(p: number): number {
    if (this.total === 0) return Number.NaN;
    const rank = Math.min(this.total, Math.max(1, Math.ceil((p / 100) * this.total)));
    let seen = 0;
    for (const lagMs of [...this.counts.keys()].sort((a, b) => a - b)) {
      seen += this.counts.get(lagMs) ?? 0;
      if (seen >= rank) return lagMs;
    }
    return Number.NaN;
  }
}
