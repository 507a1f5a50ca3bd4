import { DAY_MS, HOUR_MS, USAGE_RETENTION_DAYS } from './usage-tally';
import type { Granularity, UsageQueryDto } from './usage-query.dto';

const DEFAULT_SPAN_MS = 24 * HOUR_MS;

/** What a usage query asks for, resolved against the clock: bucket starts in [from, to]. */
export interface UsageRange {
  readonly granularity: Granularity;
  /** Start of the first bucket, epoch ms. */
  readonly from: number;
  /** Last instant asked for, epoch ms (never later than now: nothing was counted after it). */
  readonly to: number;
}

export const bucketMs = (granularity: Granularity): number => (granularity === 'day' ? DAY_MS : HOUR_MS);

/** The start of the bucket holding `ms`. */
export const bucketStart = (ms: number, granularity: Granularity): number =>
  ms - (ms % bucketMs(granularity));

/**
 * The range of a valid query at `now`: defaults to the last 24 hours, reaches back at most the
 * kept history. Returns the 400's messages instead when it asks for what is not kept or is empty.
 */
export function resolveUsageRange(
  query: Pick<UsageQueryDto, 'from' | 'to' | 'granularity'>,
  now: number,
): UsageRange | string[] {
  const granularity = query.granularity ?? 'hour';
  const to = Math.min(query.to ? Date.parse(query.to) : now, now);
  const from = query.from ? Date.parse(query.from) : to - DEFAULT_SPAN_MS;
  const problems: string[] = [];
  if (from < now - USAGE_RETENTION_DAYS * DAY_MS) {
    problems.push(`from must be within the last ${USAGE_RETENTION_DAYS} days`);
  }
  if (from > to) problems.push('from must not be later than to');
  if (problems.length > 0) return problems;
  return { granularity, from: bucketStart(from, granularity), to };
}

/** The start of each UTC day the range touches, oldest first. */
export function daysOf(range: UsageRange): number[] {
  const days: number[] = [];
  for (let day = bucketStart(range.from, 'day'); day <= range.to; day += DAY_MS) days.push(day);
  return days;
}
