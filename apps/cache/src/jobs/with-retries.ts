import { setTimeout as sleep } from 'node:timers/promises';
import { UnrecoverableError } from 'bullmq';

/**
 * Runs `work` up to `attempts` times with exponential backoff. For jobs added by other processes
 * without BullMQ retry options (the ingestor's repair-gap jobs), so they are retried all the same.
 */
export async function withRetries<T>(
  work: () => Promise<T>,
  signal: AbortSignal,
  attempts = 6,
  firstDelayMs = 1000,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || error instanceof UnrecoverableError) throw error;
      await sleep(firstDelayMs * 2 ** (attempt - 1), undefined, { signal });
    }
  }
}
