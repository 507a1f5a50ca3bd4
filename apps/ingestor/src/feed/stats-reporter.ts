import type { AppLogger, LogFields } from '@pds/observability';

/**
 * Logs a `stats` line when the numbers changed since the last one, at most once per interval:
 * quiet when nothing happens, never more than one line per interval when much does.
 */
export class StatsReporter {
  private timer: NodeJS.Timeout | undefined;
  private last = '';

  constructor(
    private readonly logger: AppLogger,
    private readonly intervalMs: number,
    private readonly collect: () => LogFields,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.report();
    }, this.intervalMs);
    this.timer.unref();
  }

  report(): void {
    const fields = this.collect();
    const serialised = JSON.stringify(fields);
    if (serialised === this.last) return;
    this.last = serialised;
    this.logger.info(fields, 'stats');
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
