import { HISTORY_QUEUE, type RedisKeys, type RepairGapJobData } from '@pds/redis';
import { testRedis } from '@pds/testing';
import { type Job, Queue } from 'bullmq';

/** The history queue as the cache workers will see it, to check the repair jobs the ingestor adds. */
export class HistoryQueueProbe {
  private readonly connection = testRedis().connect('test-history-queue');
  private readonly queue: Queue<RepairGapJobData>;

  constructor(keys: RedisKeys) {
    this.queue = new Queue<RepairGapJobData>(HISTORY_QUEUE, {
      connection: this.connection,
      prefix: keys.queuePrefix(),
    });
  }

  async waitingJobs(): Promise<Job<RepairGapJobData>[]> {
    return this.queue.getJobs(['waiting']);
  }

  async close(): Promise<void> {
    await this.queue.close();
    await this.connection.quit();
  }
}
