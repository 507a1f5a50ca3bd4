import type { Interval, MarketSymbol } from '@pds/market';
import type { JobsOptions } from 'bullmq';

/** Failed history jobs stay for inspection this long (and at most this many). */
export const KEEP_FAILED_HISTORY_JOBS = { age: 7 * 24 * 3600, count: 5000 } as const;

/**
 * Options of every history job, whoever adds it (cache workers, the ingestor, gateways): retried
 * with backoff; removed at once when completed, because an identical ask later must be able to add
 * the job again (BullMQ ignores an add whose id it still holds), and the job then finds its range
 * known and completes without a request; failed ones kept for inspection.
 */
export const HISTORY_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: true,
  removeOnFail: KEEP_FAILED_HISTORY_JOBS,
};

/** The one BullMQ queue through which history work reaches the cache workers. */
export const HISTORY_QUEUE = 'history';

/** Every job name of the history queue; each has exactly one handler in the cache app. */
export const HistoryJobName = {
  /** On start: the most recent klines of every interval. */
  WarmUp: 'warm-up',
  /** From the ingestor after an interruption: refetch [from, to] of every interval. */
  RepairGap: 'repair-gap',
  /** From the gateway's read-through: fetch one interval's [from, to] that is not covered yet. */
  FillRange: 'fill-range',
} as const;

export type HistoryJobName = (typeof HistoryJobName)[keyof typeof HistoryJobName];

export interface WarmUpJobData {
  readonly symbol: MarketSymbol;
}

/** A span of exchange time (epoch ms, inclusive) in which the live stream may have missed events. */
export interface RepairGapJobData {
  readonly symbol: MarketSymbol;
  readonly from: number;
  readonly to: number;
}

/** A range of kline open times (epoch ms, inclusive) of one interval. */
export interface FillRangeJobData {
  readonly symbol: MarketSymbol;
  readonly interval: Interval;
  readonly from: number;
  readonly to: number;
}

/**
 * Deterministic job ids: identical asks share one job (BullMQ ignores an add with a known id).
 * BullMQ refuses custom ids with `:`, hence `|`.
 */
/** One warm-up per symbol at a time, however many workers start together. */
export function warmUpJobId(symbol: MarketSymbol): string {
  return [HistoryJobName.WarmUp, symbol].join('|');
}

export function repairGapJobId(data: RepairGapJobData): string {
  return [HistoryJobName.RepairGap, data.symbol, data.from, data.to].join('|');
}

export function fillRangeJobId(data: FillRangeJobData): string {
  return [HistoryJobName.FillRange, data.symbol, data.interval, data.from, data.to].join('|');
}
