import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Interval, INTERVALS } from '@pds/market';
import { AppLogger } from '@pds/observability';
import { CacheEnvironment } from '../cache.environment';
import { KlineStore } from '../history/kline-store';
import { retentionBounds } from './retention-bounds';

/**
 * Trims every interval's history to its retention bound, periodically, in every worker: a trim is
 * one atomic script that also cuts the coverage record, so workers trimming at once do no harm.
 * Trimming is periodic rather than after each fill so a range fetched for a gateway stays long
 * enough to be served even when it lies beyond the bound.
 */
@Injectable()
export class RetentionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private readonly bounds: ReadonlyMap<Interval, number>;

  constructor(
    private readonly store: KlineStore,
    private readonly env: CacheEnvironment,
    private readonly logger: AppLogger,
  ) {
    this.bounds = retentionBounds(env.RETENTION_KLINES, env.RETENTION_OVERRIDES);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.trimAll(), this.env.RETENTION_CHECK_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Never rejects: a failed trim is logged and tried again at the next tick. */
  async trimAll(): Promise<void> {
    for (const interval of INTERVALS) {
      const keep = this.bounds.get(interval) ?? this.env.RETENTION_KLINES;
      try {
        const removed = await this.store.trim(this.env.SYMBOL, interval, keep);
        if (removed > 0) this.logger.info({ interval, removed, keep }, 'retention-trimmed');
      } catch (error) {
        this.logger.warn({ interval, error: String(error) }, 'retention-failed');
      }
    }
  }
}
