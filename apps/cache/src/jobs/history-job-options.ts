import type { MarketSymbol } from '@pds/market';
import { HistoryJobName } from '@pds/redis';
import type { JobsOptions } from 'bullmq';

/** Failed jobs stay for inspection this long (and at most this many). */
export const KEEP_FAILED = { age: 7 * 24 * 3600, count: 5000 } as const;

/**
 * Completed jobs are removed at once: an identical ask later must be able to add the job again
 * (BullMQ ignores an add whose id it still holds), and the job then finds its range known and
 * completes without a request. Job outcomes are in the log (`job-completed`).
 */
export const HISTORY_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: true,
  removeOnFail: KEEP_FAILED,
};

/** One warm-up per symbol at a time, however many workers start together. */
export function warmUpJobId(symbol: MarketSymbol): string {
  return [HistoryJobName.WarmUp, symbol].join('|');
}
