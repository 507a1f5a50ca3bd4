import type { AppLogger } from './app-logger';

/** One line per this many ms at most for a repeating error. */
export const ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * A warning that repeats while something is down (every reconnect attempt of a queue, a worker or
 * a connection fails): the first is logged at once, then at most one line per interval, carrying
 * how many were left out since the last line. An outage is a handful of lines with counts.
 */
export class ThrottledLog {
  private loggedAt = Number.NEGATIVE_INFINITY;
  private suppressed = 0;

  constructor(
    private readonly logger: AppLogger,
    private readonly msg: string,
    private readonly intervalMs = ERROR_LOG_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Logs `error` now, or counts it for the next line. */
  report(error: unknown): void {
    const now = this.now();
    if (now - this.loggedAt < this.intervalMs) {
      this.suppressed += 1;
      return;
    }
    this.loggedAt = now;
    const fields = {
      error: error instanceof Error ? error.message : String(error),
      suppressed: this.suppressed,
    };
    this.suppressed = 0;
    this.logger.warn(fields, this.msg);
  }
}
