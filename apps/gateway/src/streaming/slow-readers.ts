import type { BehindWatcher, StreamSocket } from './stream-socket';

/**
 * Watches the readers that fell behind: flushes each one's conflated updates once its socket has
 * drained, and hands over one that stays behind for `timeoutMs` (to be closed with 1013). One timer
 * for all of them, running only while someone is behind.
 */
export class SlowReaders implements BehindWatcher {
  private readonly watched = new Set<StreamSocket>();
  private timer: NodeJS.Timeout | undefined;
  private readonly sweepMs: number;

  constructor(
    private readonly timeoutMs: number,
    private readonly onTimeout: (connection: StreamSocket) => void,
  ) {
    this.sweepMs = Math.min(250, Math.max(10, Math.floor(timeoutMs / 10)));
  }

  get size(): number {
    return this.watched.size;
  }

  watch(connection: StreamSocket): void {
    this.watched.add(connection);
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.sweep(Date.now());
    }, this.sweepMs);
    this.timer.unref();
  }

  sweep(now: number): void {
    for (const connection of this.watched) {
      if (connection.isClosed() || connection.drain(now)) {
        this.watched.delete(connection);
      } else if (now - (connection.behindSince ?? now) >= this.timeoutMs) {
        this.watched.delete(connection);
        this.onTimeout(connection);
      }
    }
    if (this.watched.size === 0) this.stop();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
