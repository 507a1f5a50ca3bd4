import { InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { AppLogger, ThrottledLog } from '@pds/observability';
import type { Queue } from 'bullmq';
import { CacheEnvironment } from '../cache.environment';
import { reportQueueErrors } from '../jobs/queue-errors';
import { BillingReconciler, type ReconcileResult } from './billing-reconciler';

export const BILLING_QUEUE = 'billing';
const RECONCILE_SCHEDULE = 'reconcile-billing';

/**
 * The repeating reconciliation: one BullMQ job scheduler shared by every cache worker (upserted by
 * id, so many workers make one schedule), each run taken by one of them.
 */
@Processor(BILLING_QUEUE, {
  autorun: false,
  removeOnComplete: { count: 100 },
  removeOnFail: { count: 100 },
})
export class BillingReconciliationProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly workerErrors: ThrottledLog;

  constructor(
    @InjectQueue(BILLING_QUEUE) private readonly queue: Queue,
    private readonly reconciler: BillingReconciler,
    private readonly env: CacheEnvironment,
    private readonly logger: AppLogger,
  ) {
    super();
    this.workerErrors = new ThrottledLog(logger, 'billing-worker-error');
    reportQueueErrors(queue, logger);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.reconciler.sync) {
      this.logger.info({}, 'billing-reconciliation-off: no STRIPE_SECRET_KEY');
      return;
    }
    await this.queue.upsertJobScheduler(
      RECONCILE_SCHEDULE,
      { every: this.env.BILLING_RECONCILE_INTERVAL_MS },
      { name: RECONCILE_SCHEDULE },
    );
    this.worker.run().catch((error: unknown) => {
      this.logger.error({ error: String(error) }, 'billing-worker-stopped');
    });
  }

  async process(): Promise<ReconcileResult> {
    return this.reconciler.reconcileAll();
  }

  /** While Redis is away every reconnect attempt fails: a few lines with counts are enough. */
  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.workerErrors.report(error);
  }
}
