import {
  type FillRangeJobData,
  fillRangeJobId,
  HISTORY_JOB_OPTIONS,
  HISTORY_QUEUE,
  HistoryJobName,
  type RedisKeys,
  type RepairGapJobData,
  repairGapJobId,
} from '@pds/redis';
import { testRedis } from '@pds/testing';
import { Queue, QueueEvents } from 'bullmq';

/** What a history job returned (the cache's JobResult). */
export interface JobResult {
  readonly requests: number;
  readonly stored: number;
}

function resultOf(value: unknown): JobResult {
  return (typeof value === 'string' ? JSON.parse(value) : value) as JobResult;
}

/** The history queue as a gateway (fill-range) or the ingestor (repair-gap) adds to it. */
export class HistoryQueue {
  /** Every job completion seen since this object was made, with what the job returned. */
  readonly completions: { jobId: string; result: JobResult }[] = [];
  private readonly connection = testRedis().connect('test-history-queue');
  private readonly queue: Queue<FillRangeJobData | RepairGapJobData>;
  private readonly events: QueueEvents;

  constructor(keys: RedisKeys) {
    const prefix = keys.queuePrefix();
    this.queue = new Queue(HISTORY_QUEUE, { connection: this.connection, prefix });
    this.events = new QueueEvents(HISTORY_QUEUE, { connection: this.connection, prefix });
    this.events.setMaxListeners(0);
    this.queue.setMaxListeners(0);
    this.events.on('completed', ({ jobId, returnvalue }) => {
      this.completions.push({ jobId, result: resultOf(returnvalue) });
    });
  }

  /** Adds the job as a gateway's read-through does and waits for it to finish. */
  async fill(data: FillRangeJobData): Promise<void> {
    const job = await this.queue.add(HistoryJobName.FillRange, data, {
      jobId: fillRangeJobId(data),
      removeOnComplete: true,
    });
    await job.waitUntilFinished(this.events, 30_000).catch((error: unknown) => {
      // Removed on completion before this waiter looked: finished all the same.
      if (!String(error).includes('Missing key')) throw error;
    });
  }

  /** Adds the job as the ingestor does (the shared options and its id) and waits for it to finish. */
  async repair(data: RepairGapJobData): Promise<JobResult> {
    const job = await this.queue.add(HistoryJobName.RepairGap, data, {
      ...HISTORY_JOB_OPTIONS,
      jobId: repairGapJobId(data),
    });
    return resultOf(await job.waitUntilFinished(this.events, 30_000));
  }

  /** Resolves once no job waits, runs or is delayed. */
  async idle(): Promise<void> {
    for (;;) {
      const counts = await this.queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
      if (Object.values(counts).every((count) => count === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Resolves once the events stream is being read (completions from then on are recorded). */
  async ready(): Promise<void> {
    await this.events.waitUntilReady();
  }

  async close(): Promise<void> {
    await this.events.close();
    await this.queue.close();
    await this.connection.quit();
  }
}
