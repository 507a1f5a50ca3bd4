import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { AppLogger, ThrottledLog } from '@pds/observability';
import {
  HISTORY_JOB_OPTIONS,
  HISTORY_QUEUE,
  HistoryJobName,
  RedisKeys,
  type RepairGapJobData,
  repairGapJobId,
  type RedisClient,
  REDIS_QUEUE,
} from '@pds/redis';
import { Queue } from 'bullmq';
import { IngestorEnvironment } from '../ingestor.environment';

/**
 * Asks the cache workers to refetch a span of exchange time the live data may have missed: a
 * `repair-gap` job on the history queue. The span is inclusive exchange time in epoch ms.
 */
@Injectable()
export class GapRecorder implements OnApplicationShutdown {
  private readonly queue: Queue<RepairGapJobData>;
  private detected = 0;

  constructor(
    @Inject(REDIS_QUEUE) connection: RedisClient,
    keys: RedisKeys,
    private readonly env: IngestorEnvironment,
    private readonly logger: AppLogger,
  ) {
    this.queue = new Queue<RepairGapJobData>(HISTORY_QUEUE, { connection, prefix: keys.queuePrefix() });
    const errors = new ThrottledLog(logger, 'queue-error');
    this.queue.on('error', (error) => {
      errors.report(error);
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
      this.logger.info({ from, to, reason, jobId }, 'gap-recorded');
    } catch (error) {
      this.logger.error({ from, to, reason, error: String(error) }, 'gap-record-failed');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
