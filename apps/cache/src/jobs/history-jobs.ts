import { Injectable } from '@nestjs/common';
import { type Interval, INTERVALS, intervalMs, openTimeOf } from '@pds/market';
import { HistoryJobName } from '@pds/redis';
import { CacheEnvironment } from '../cache.environment';
import { type FillOutcome, HistoryFiller } from '../history/history-filler';
import { fillRangeData, repairGapData, warmUpData } from './job-data';

/** What every history job returns (and logs on completion). */
export interface JobResult {
  readonly requests: number;
  readonly stored: number;
}

export type JobHandler = (data: unknown) => Promise<JobResult>;

/**
 * A repair found klines that should be closed still open at the exchange: the attempt fails and
 * BullMQ retries the job with the backoff of HISTORY_JOB_OPTIONS (the one retry policy).
 */
class NotClosedYetError extends Error {
  constructor(interval: Interval) {
    super(`klines of ${interval} in the gap are not closed at the exchange yet`);
    this.name = 'NotClosedYetError';
  }
}

function total(outcomes: readonly PromiseSettledResult<FillOutcome>[]): JobResult {
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  let requests = 0;
  let stored = 0;
  for (const outcome of outcomes) {
    if (outcome.status !== 'fulfilled') continue;
    requests += outcome.value.requests;
    stored += outcome.value.stored;
  }
  return { requests, stored };
}

/** The handler of each job name of the history queue: exactly one each (the Record type says so). */
@Injectable()
export class HistoryJobs {
  readonly handlers: Readonly<Record<HistoryJobName, JobHandler>> = {
    [HistoryJobName.WarmUp]: (data) => this.warmUp(data),
    [HistoryJobName.RepairGap]: (data) => this.repairGap(data),
    [HistoryJobName.FillRange]: (data) => this.fillRange(data),
  };

  constructor(
    private readonly filler: HistoryFiller,
    private readonly env: CacheEnvironment,
  ) {}

  /** The newest WARM_UP_KLINES closed klines of every interval. */
  private async warmUp(data: unknown): Promise<JobResult> {
    const { symbol } = warmUpData(data);
    const count = this.env.WARM_UP_KLINES;
    const outcomes = await Promise.allSettled(
      INTERVALS.map((interval) => {
        const step = intervalMs(interval);
        const newest = openTimeOf(Date.now(), interval) - step;
        return this.filler.fill(symbol, interval, { from: newest - (count - 1) * step, to: newest });
      }),
    );
    return total(outcomes);
  }

  /**
   * The ingestor may have missed events in [from, to] (exchange time): every kline of every interval
   * that overlaps it is fetched again. The ones that closed by `to` must come back closed; the one
   * still open is the live stream's (its next push carries the whole kline).
   */
  private async repairGap(data: unknown): Promise<JobResult> {
    const gap = repairGapData(data);
    const outcomes = await Promise.allSettled(
      INTERVALS.map(async (interval) => {
        const step = intervalMs(interval);
        const span = { from: openTimeOf(gap.from, interval), to: openTimeOf(gap.to, interval) };
        const mustBeClosed = span.to - step;
        if (mustBeClosed < span.from) return { requests: 0, stored: 0, knownTo: undefined };
        const outcome = await this.filler.refetch(gap.symbol, interval, span);
        if ((outcome.knownTo ?? Number.NEGATIVE_INFINITY) < mustBeClosed) {
          throw new NotClosedYetError(interval);
        }
        return outcome;
      }),
    );
    return total(outcomes);
  }

  /** A page of history a gateway asked for (read-through). */
  private async fillRange(data: unknown): Promise<JobResult> {
    const range = fillRangeData(data);
    const outcome = await this.filler.fill(range.symbol, range.interval, range);
    return { requests: outcome.requests, stored: outcome.stored };
  }
}
