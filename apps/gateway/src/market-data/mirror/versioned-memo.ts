/**
 * Values computed from one version of some data, by key: a lookup under a newer version forgets
 * everything computed before. Bounded: past `maxEntries` keys it starts again.
 */
export class VersionedMemo<T> {
  private readonly values = new Map<string, T>();
  private version = -1;

  constructor(private readonly maxEntries = 64) {}

  get(version: number, key: string, compute: () => T): T {
    if (version !== this.version) {
      this.values.clear();
      this.version = version;
    }
    if (this.values.has(key)) return this.values.get(key) as T;
    const value = compute();
    if (this.values.size >= this.maxEntries) this.values.clear();
    this.values.set(key, value);
    return value;
  }
}
