import { type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { AppLogger, ThrottledLog } from '@pds/observability';
import { HISTORY_QUEUE, HistoryJobName, KEEP_FAILED_HISTORY_JOBS } from '@pds/redis';
import { type Job, Queue, UnrecoverableError } from 'bullmq';
import { CacheEnvironment } from '../cache.environment';
import { CacheMetrics } from '../metrics/cache-metrics';
import { HistoryJobs, type JobResult } from './history-jobs';
import { reportQueueErrors } from './queue-errors';

const JOB_NAMES: readonly string[] = Object.values(HistoryJobName);

function isHistoryJobName(name: string): name is HistoryJobName {
  return JOB_NAMES.includes(name);
}

/**
 * The history queue's worker. Every producer adds its jobs with HISTORY_JOB_OPTIONS (attempts and
 * backoff: BullMQ's retries are the only ones); the options here are the fallback for a job added
 * without them. The worker starts in onApplicationBootstrap, once its concurrency is set from the
 * environment (a decorator must not read the environment).
 */
@Processor(HISTORY_QUEUE, {
  autorun: false,
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: KEEP_FAILED_HISTORY_JOBS,
})
export class HistoryProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly workerErrors: ThrottledLog;

  constructor(
    private readonly jobs: HistoryJobs,
    private readonly env: CacheEnvironment,
    private readonly logger: AppLogger,
    private readonly metrics: CacheMetrics,
    @InjectQueue(HISTORY_QUEUE) queue: Queue,
  ) {
    super();
    this.workerErrors = new ThrottledLog(logger, 'worker-error');
    reportQueueErrors(queue, logger);
  }

  onApplicationBootstrap(): void {
    const missing = JOB_NAMES.filter((name) => !Object.hasOwn(this.jobs.handlers, name));
    if (missing.length > 0) throw new Error(`history jobs without a handler: ${missing.join(', ')}`);
    this.worker.concurrency = this.env.CACHE_CONCURRENCY;
    this.worker.run().catch((error: unknown) => {
      this.logger.error({ error: String(error) }, 'worker-stopped');
    });
  }

  async process(job: Job): Promise<JobResult> {
    if (!isHistoryJobName(job.name)) throw new UnrecoverableError(`no handler for job ${job.name}`);
    return this.jobs.handlers[job.name](job.data);
  }

  @OnWorkerEvent('completed')
  onCompleted(job: Job, result: JobResult): void {
    this.metrics.jobFinished(job.queueName, job.name, 'completed');
    this.logger.info(
      {
        name: job.name,
        jobId: job.id,
        worker: this.env.CACHE_WORKER_ID,
        requests: result.requests,
        stored: result.stored,
        ms:
          job.finishedOn !== undefined && job.processedOn !== undefined
            ? job.finishedOn - job.processedOn
            : undefined,
      },
      'job-completed',
    );
  }

  /** A failed attempt that BullMQ will retry is logged, not counted as a failed job. */
  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, error: Error): void {
    if (job) this.metrics.attemptFailed(job.queueName, job.name, job.attemptsMade);
    if (job && job.attemptsMade < (job.opts.attempts ?? 1) && !(error instanceof UnrecoverableError)) {
      this.logger.info({ name: job.name, jobId: job.id, attemptsMade: job.attemptsMade }, 'job-retrying');
      return;
    }
    this.metrics.jobFinished(job?.queueName ?? HISTORY_QUEUE, job?.name ?? 'unknown', 'failed');
    this.logger.warn(
      {
        name: job?.name,
        jobId: job?.id,
        worker: this.env.CACHE_WORKER_ID,
        attemptsMade: job?.attemptsMade,
        error: error.message,
      },
      'job-failed',
    );
  }

  /** While Redis is away every reconnect attempt fails: a few lines with counts are enough. */
  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.workerErrors.report(error);
  }
}
