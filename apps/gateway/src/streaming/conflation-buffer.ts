/**
 * What a slow reader has not been sent yet: only the latest message per key (a kline's openTime; one
 * key for prices), so a reader that falls behind gets the latest value, never a backlog. At most
 * `maxEntries` keys are kept (the newest), which bounds the memory of a connection however long it
 * lags.
 */
export class ConflationBuffer {
  /** Made on the first message held: most readers keep up, and a Map per socket adds up. */
  private entries: Map<number, string> | undefined;

  constructor(private readonly maxEntries = 8) {}

  get size(): number {
    return this.entries?.size ?? 0;
  }

  set(key: number, message: string): void {
    this.entries ??= new Map();
    this.entries.set(key, message);
    if (this.entries.size <= this.maxEntries) return;
    this.entries.delete(Math.min(...this.entries.keys()));
  }

  /** The pending messages, oldest key first (a closed kline before the next open one), and empties. */
  take(): string[] {
    const entries = this.entries;
    if (!entries) return [];
    const keys = [...entries.keys()].sort((a, b) => a - b);
    const messages = keys.map((key) => entries.get(key) ?? '');
    this.entries = undefined;
    return messages;
  }

  clear(): void {
    this.entries = undefined;
  }
}
