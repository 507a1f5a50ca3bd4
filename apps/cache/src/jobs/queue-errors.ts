import { AppLogger, ThrottledLog } from '@pds/observability';
import type { Queue } from 'bullmq';

/**
 * Logs a queue's connection errors as a few JSON lines with counts. A queue without an 'error'
 * listener makes BullMQ print every reconnect failure with console.error, raw stack traces outside
 * the JSON log.
 */
export function reportQueueErrors(queue: Queue, logger: AppLogger): void {
  const queueErrors = new ThrottledLog(logger, 'queue-error');
  queue.on('error', (error) => {
    queueErrors.report(error);
  });
}
