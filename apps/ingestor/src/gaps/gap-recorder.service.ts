import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { JsonLogger } from '@pds/observability';
import {
  HISTORY_JOB_OPTIONS,
  HISTORY_QUEUE,
  HistoryJobName,
  RedisKeys,
  type RepairGapJobData,
  repairGapJobId,
  type RedisClient,
} from '@pds/redis';
import { Queue } from 'bullmq';
import { IngestorEnvironment } from '../ingestor.environment';
import { QUEUE_REDIS } from '../storage/redis.tokens';

/**
 * Asks the cache workers to refetch a span of exchange time the live data may have missed: a
 * `repair-gap` job on the history queue. The span is inclusive exchange time in epoch ms.
 */
@Injectable()
export class GapRecorder implements OnApplicationShutdown {
  private readonly queue: Queue<RepairGapJobData>;
  private detected = 0;

  constructor(
    @Inject(QUEUE_REDIS) connection: RedisClient,
    keys: RedisKeys,
    private readonly env: IngestorEnvironment,
    private readonly logger: JsonLogger,
  ) {
    this.queue = new Queue<RepairGapJobData>(HISTORY_QUEUE, { connection, prefix: keys.queuePrefix() });
    this.queue.on('error', (error) => {
      this.logger.event('warn', 'queue-error', { error: String(error) });
    });
  }

  /** Gaps found so far (each one recorded, or logged as failed to record). */
  get gapsDetected(): number {
    return this.detected;
  }

  /** Never rejects: a failure is logged (the next interruption or take-over records again). */
  async record(from: number, to: number, reason: string): Promise<void> {
    if (!(to > from)) return;
    this.detected += 1;
    const data: RepairGapJobData = { symbol: this.env.SYMBOL, from, to };
    const jobId = repairGapJobId(data);
    try {
      await this.queue.add(HistoryJobName.RepairGap, data, { ...HISTORY_JOB_OPTIONS, jobId });
      this.logger.info('gap-recorded', { from, to, reason, jobId });
    } catch (error) {
      this.logger.event('error', 'gap-record-failed', { from, to, reason, error: String(error) });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
