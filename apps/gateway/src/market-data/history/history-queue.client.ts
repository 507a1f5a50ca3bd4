import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { AppLogger, ThrottledLog } from '@pds/observability';
import {
  type FillRangeJobData,
  fillRangeJobId,
  HISTORY_JOB_OPTIONS,
  HISTORY_QUEUE,
  HistoryJobName,
  REDIS_QUEUE,
  type RedisClient,
  RedisKeys,
} from '@pds/redis';
import { Queue, QueueEvents } from 'bullmq';

const CLOSE_DEADLINE_MS = 2000;

interface Bull {
  readonly queue: Queue<FillRangeJobData>;
  readonly events: QueueEvents;
}

/**
 * Adds fill-range jobs to the history queue and waits for them, never longer than asked. BullMQ's
 * queue and its connection (lazy) are opened on the first fill: a gateway whose reads are all
 * complete holds none.
 */
@Injectable()
export class HistoryQueueClient implements OnApplicationShutdown {
  private opened: Bull | undefined;
  /** While Redis is away every reconnect attempt fails: a few lines with counts are enough. */
  private readonly errors: ThrottledLog;

  constructor(
    @Inject(REDIS_QUEUE) private readonly connection: RedisClient,
    private readonly keys: RedisKeys,
    logger: AppLogger,
  ) {
    this.errors = new ThrottledLog(logger, 'history-queue-error');
  }

  /**
   * Adds the fill-range job of each page (an identical job already queued is shared: same id) and
   * waits until each has finished or `timeoutMs` has passed. True when they all finished, whatever
   * the outcome (the caller reads again to learn it); false on timeout.
   */
  async fill(pages: readonly FillRangeJobData[], timeoutMs: number): Promise<boolean> {
    const finished = Promise.all(pages.map((page) => this.fillOne(page, timeoutMs))).then(
      () => true,
      () => true,
    );
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => {
        resolve(false);
      }, timeoutMs);
    });
    try {
      return await Promise.race([finished, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.opened) return;
    const { queue, events } = this.opened;
    // Bounded: after a Redis restart BullMQ's QueueEvents.close() can wait forever (its disconnect
    // awaits an 'end' event from the blocking connection that does not come), which would keep the
    // gateway from stopping.
    const closed = Promise.allSettled([events.close(), queue.close()]);
    await Promise.race([closed, sleep(CLOSE_DEADLINE_MS)]);
  }

  private bull(): Bull {
    if (this.opened) return this.opened;
    // BullMQ's blocking XREAD needs the long-lived connection settings (REDIS_QUEUE's).
    const connection = this.connection;
    const prefix = this.keys.queuePrefix();
    const queue = new Queue<FillRangeJobData>(HISTORY_QUEUE, { connection, prefix });
    // QueueEvents reads the queue's event stream on a duplicate of the connection.
    const events = new QueueEvents(HISTORY_QUEUE, { connection, prefix });
    // Every waiting request listens for its job's events; many wait for the same job at once.
    events.setMaxListeners(0);
    queue.on('error', (error) => {
      this.errors.report(error);
    });
    events.on('error', (error) => {
      this.errors.report(error);
    });
    this.opened = { queue, events };
    return this.opened;
  }

  private async fillOne(data: FillRangeJobData, timeoutMs: number): Promise<void> {
    const { queue, events } = this.bull();
    const job = await queue.add(HistoryJobName.FillRange, data, {
      ...HISTORY_JOB_OPTIONS,
      jobId: fillRangeJobId(data),
    });
    try {
      await job.waitUntilFinished(events, timeoutMs);
    } catch (error) {
      // A job that failed before is kept for inspection and BullMQ ignores an add with its id:
      // start it again. (A job removed on completion also lands here; the caller reads again.)
      if (!(await job.isFailed())) throw error;
      await job.retry('failed', { resetAttemptsMade: true });
      await job.waitUntilFinished(events, timeoutMs);
    }
  }
}
