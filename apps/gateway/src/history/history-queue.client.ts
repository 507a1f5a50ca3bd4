import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { JsonLogger } from '@pds/observability';
import {
  createPersistentRedis,
  type FillRangeJobData,
  fillRangeJobId,
  HISTORY_JOB_OPTIONS,
  HISTORY_QUEUE,
  HistoryJobName,
  RedisKeys,
  type RedisClient,
} from '@pds/redis';
import { Queue, QueueEvents } from 'bullmq';
import { GatewayEnvironment } from '../gateway.environment';

const CLOSE_DEADLINE_MS = 2000;
const ERROR_LOG_MS = 10_000;

interface Bull {
  readonly connection: RedisClient;
  readonly queue: Queue<FillRangeJobData>;
  readonly events: QueueEvents;
}

/**
 * Adds fill-range jobs to the history queue and waits for them, never longer than asked. BullMQ's
 * connections are opened on the first fill: a gateway whose reads are all complete holds none.
 */
@Injectable()
export class HistoryQueueClient implements OnApplicationShutdown {
  private opened: Bull | undefined;
  /** While Redis is away every reconnect attempt fails: one line per ERROR_LOG_MS is enough. */
  private errorLoggedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly env: GatewayEnvironment,
    private readonly keys: RedisKeys,
    private readonly logger: JsonLogger,
  ) {}

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
    const { connection, queue, events } = this.opened;
    // Bounded: after a Redis restart BullMQ's QueueEvents.close() can wait forever (its disconnect
    // awaits an 'end' event from the blocking connection that does not come), which would keep the
    // gateway from stopping.
    const closed = Promise.allSettled([events.close(), queue.close()]);
    await Promise.race([closed, sleep(CLOSE_DEADLINE_MS)]);
    await Promise.race([connection.quit().catch(() => undefined), sleep(CLOSE_DEADLINE_MS)]);
    connection.disconnect();
  }

  private bull(): Bull {
    if (this.opened) return this.opened;
    // BullMQ's blocking XREAD needs the long-lived connection settings.
    const connection = createPersistentRedis(this.env, 'gateway-history');
    const prefix = this.keys.queuePrefix();
    const queue = new Queue<FillRangeJobData>(HISTORY_QUEUE, { connection, prefix });
    // QueueEvents reads the queue's event stream on a duplicate of the connection.
    const events = new QueueEvents(HISTORY_QUEUE, { connection, prefix });
    // Every waiting request listens for its job's events; many wait for the same job at once.
    events.setMaxListeners(0);
    queue.on('error', (error) => {
      this.logError(error);
    });
    events.on('error', (error) => {
      this.logError(error);
    });
    this.opened = { connection, queue, events };
    return this.opened;
  }

  private logError(error: Error): void {
    if (Date.now() - this.errorLoggedAt < ERROR_LOG_MS) return;
    this.errorLoggedAt = Date.now();
    this.logger.event('warn', 'history-queue-error', { error: error.message });
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
