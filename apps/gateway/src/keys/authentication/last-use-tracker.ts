const DEFAULT_INTERVAL_MS = 60_000;

/**
 * Records when a key was last used, at most once per `intervalMs` per key on this replica, and never
 * on the request's path: the write is fired and forgotten, and its failure ignored.
 */
export class LastUseTracker {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly write: (keyId: string, at: Date) => Promise<void>,
    private readonly intervalMs = DEFAULT_INTERVAL_MS,
    private readonly maxEntries = 100_000,
  ) {}

  touch(keyId: string, now = Date.now()): void {
    const last = this.written.get(keyId);
    if (last !== undefined && now - last < this.intervalMs) return;
    if (this.written.size >= this.maxEntries) this.written.clear();
    this.written.set(keyId, now);
    this.write(keyId, new Date(now)).catch(() => undefined);
  }
}
