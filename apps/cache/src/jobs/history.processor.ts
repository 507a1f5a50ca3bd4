import { type OnApplicationBootstrap } from '@nestjs/common';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { JsonLogger } from '@pds/observability';
import { HISTORY_QUEUE, HistoryJobName, KEEP_FAILED_HISTORY_JOBS } from '@pds/redis';
import { type Job, UnrecoverableError } from 'bullmq';
import { CacheEnvironment } from '../cache.environment';
import { CacheMetrics } from '../metrics/cache-metrics';
import { HistoryJobs, type JobResult } from './history-jobs.service';

const JOB_NAMES: readonly string[] = Object.values(HistoryJobName);
const ERROR_LOG_MS = 10_000;

function isHistoryJobName(name: string): name is HistoryJobName {
  return JOB_NAMES.includes(name);
}

/**
 * The history queue's worker. Options here are BullMQ's defaults for jobs that do not set their
 * own (the ingestor's repair-gap jobs): completed ones go after an hour, failed ones are kept for
 * inspection. The worker starts in onApplicationBootstrap, once its concurrency is set from the
 * environment (a decorator must not read the environment).
 */
@Processor(HISTORY_QUEUE, {
  autorun: false,
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: KEEP_FAILED_HISTORY_JOBS,
})
export class HistoryProcessor extends WorkerHost implements OnApplicationBootstrap {
  private errorLoggedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly jobs: HistoryJobs,
    private readonly env: CacheEnvironment,
    private readonly logger: JsonLogger,
    private readonly metrics: CacheMetrics,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    const missing = JOB_NAMES.filter((name) => !Object.hasOwn(this.jobs.handlers, name));
    if (missing.length > 0) throw new Error(`history jobs without a handler: ${missing.join(', ')}`);
    this.worker.concurrency = this.env.CACHE_CONCURRENCY;
    this.worker.run().catch((error: unknown) => {
      this.logger.event('error', 'worker-stopped', { error: String(error) });
    });
  }

  async process(job: Job): Promise<JobResult> {
    if (!isHistoryJobName(job.name)) throw new UnrecoverableError(`no handler for job ${job.name}`);
    return this.jobs.handlers[job.name](job.data);
  }

  @OnWorkerEvent('completed')
  onCompleted(job: Job, result: JobResult): void {
    this.metrics.jobFinished(job.queueName, job.name, 'completed');
    this.logger.info('job-completed', {
      name: job.name,
      jobId: job.id,
      worker: this.env.CACHE_WORKER_ID,
      requests: result.requests,
      stored: result.stored,
      ms:
        job.finishedOn !== undefined && job.processedOn !== undefined
          ? job.finishedOn - job.processedOn
          : undefined,
    });
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, error: Error): void {
    this.metrics.jobFinished(job?.queueName ?? HISTORY_QUEUE, job?.name ?? 'unknown', 'failed');
    this.logger.event('warn', 'job-failed', {
      name: job?.name,
      jobId: job?.id,
      worker: this.env.CACHE_WORKER_ID,
      attemptsMade: job?.attemptsMade,
      error: error.message,
    });
  }

  /** While Redis is away every reconnect attempt fails: one line per ERROR_LOG_MS is enough. */
  @OnWorkerEvent('error')
  onError(error: Error): void {
    if (Date.now() - this.errorLoggedAt < ERROR_LOG_MS) return;
    this.errorLoggedAt = Date.now();
    this.logger.event('warn', 'worker-error', { error: error.message });
  }
}
