import { Injectable } from '@nestjs/common';
import { Histogram, Registry } from 'prom-client';

/** From a few milliseconds (normal) to the silence timeout and beyond (a stream that stalled). */
const LAG_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * Now minus the exchange event time, observed for every step the leader wrote (a step carries the
 * events that queued while the previous write was in flight; its time is the newest of them).
 */
@Injectable()
export class WriteLag {
  private readonly histogram: Histogram;

  constructor(registry: Registry) {
    this.histogram = new Histogram({
      name: 'pds_ingestor_lag_seconds',
      help: 'Now minus the exchange event time of each write the leader made',
      buckets: LAG_BUCKETS_S,
      registers: [registry],
    });
  }

  observe(eventTime: number): void {
    // A clock behind the exchange's would make it negative; such a lag counts as none.
    this.histogram.observe(Math.max(0, Date.now() - eventTime) / 1000);
  }
}
