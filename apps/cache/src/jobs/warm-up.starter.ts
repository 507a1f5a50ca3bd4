import { setTimeout as sleep } from 'node:timers/promises';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AppLogger } from '@pds/observability';
import {
  HISTORY_JOB_OPTIONS,
  HISTORY_QUEUE,
  HistoryJobName,
  type WarmUpJobData,
  warmUpJobId,
} from '@pds/redis';
import type { Queue } from 'bullmq';
import { CacheEnvironment } from '../cache.environment';
import { KlineStore } from '../history/kline-store';

const BOOT_ATTEMPTS = 6;
/** Workers starting within this long of a finished warm-up share it. */
const WARM_UP_SHARED_S = 60;

/** Redis may still be connecting at start: try again soon, then less often. */
function retryDelayMs(attempt: number): number {
  return Math.min(5000, 100 * 2 ** attempt);
}

/**
 * On start: marks the history as managed (gateways then fill what is missing) and adds the warm-up
 * job. Its id is the symbol's, so workers that start together share one warm-up.
 */
@Injectable()
export class WarmUpStarter implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @InjectQueue(HISTORY_QUEUE) private readonly queue: Queue<WarmUpJobData>,
    private readonly store: KlineStore,
    private readonly env: CacheEnvironment,
    private readonly logger: AppLogger,
  ) {}

  /**
   * Nest awaits this before the worker reports ready, so a gateway started after the worker finds
   * the history managed. If Redis does not answer within a few seconds, start anyway and keep trying.
   */
  async onApplicationBootstrap(): Promise<void> {
    for (let attempt = 0; attempt < BOOT_ATTEMPTS; attempt += 1) {
      if (await this.start(attempt)) return;
      await sleep(retryDelayMs(attempt));
    }
    this.retryLater(BOOT_ATTEMPTS);
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }

  /**
   * A warm-up that finished in the last WARM_UP_SHARED_S is shared too (BullMQ ignores the add while
   * the job exists); an older finished one is removed first, so a worker started later warms up.
   */
  private async addWarmUp(): Promise<string> {
    const symbol = this.env.SYMBOL;
    const jobId = warmUpJobId(symbol);
    const finishedOn = (await this.queue.getJob(jobId))?.finishedOn;
    if (finishedOn !== undefined && Date.now() - finishedOn > WARM_UP_SHARED_S * 1000) {
      await this.queue.remove(jobId);
    }
    await this.queue.add(
      HistoryJobName.WarmUp,
      { symbol },
      { ...HISTORY_JOB_OPTIONS, jobId, removeOnComplete: { age: WARM_UP_SHARED_S } },
    );
    return jobId;
  }

  private retryLater(attempt: number): void {
    this.timer = setTimeout(() => {
      void this.start(attempt).then((done) => {
        if (!done) this.retryLater(attempt + 1);
      });
    }, retryDelayMs(attempt));
  }

  /** True once the history is marked managed and the warm-up added; never rejects. */
  private async start(attempt: number): Promise<boolean> {
    const symbol = this.env.SYMBOL;
    try {
      await this.store.markManaged(symbol);
      const jobId = await this.addWarmUp();
      this.logger.info({ jobId, klines: this.env.WARM_UP_KLINES }, 'warm-up-enqueued');
      return true;
    } catch (error) {
      if (attempt > 2) this.logger.warn({ error: String(error) }, 'warm-up-enqueue-failed');
      return false;
    }
  }
}
