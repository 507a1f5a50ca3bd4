import { HISTORY_QUEUE, type RedisKeys, type RepairGapJobData } from '@pds/redis';
import { SHARED_REDIS_URL } from '@pds/testing';
import { type Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';

/** The history queue as the cache workers will see it, to check the repair jobs the ingestor adds. */
export class HistoryQueueProbe {
  private readonly connection = new Redis(SHARED_REDIS_URL, { maxRetriesPerRequest: null });
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
