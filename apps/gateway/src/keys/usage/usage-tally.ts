import type { HitTally, RedisKeys } from '@pds/redis';

/** How long a key's usage history is kept and can be asked for (CONTRACT section 10). */
export const USAGE_RETENTION_DAYS = 35;

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Requests and 429s of one key's operation in one UTC hour. */
export interface HourlyUsage {
  /** Start of the hour, epoch ms. */
  readonly start: number;
  readonly operation: string;
  readonly requests: number;
  readonly rejected: number;
}

/** The UTC day of `ms` as the usage hashes are named: `YYYY-MM-DD`. */
export function usageDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The current hour's names, worked out once an hour rather than on every request. */
let hourNames = { start: -1, day: '', hour: '', expireAtSeconds: 0 };

function namesOfHour(now: number): typeof hourNames {
  const start = now - (now % HOUR_MS);
  if (start !== hourNames.start) {
    const iso = new Date(start).toISOString();
    const dayStart = now - (now % DAY_MS);
    hourNames = {
      start,
      day: iso.slice(0, 10),
      hour: iso.slice(11, 13),
      expireAtSeconds: (dayStart + (USAGE_RETENTION_DAYS + 1) * DAY_MS) / 1000,
    };
  }
  return hourNames;
}

/**
 * Where the rate limit tallies a request: the key's hash for the day, field `<HH>:<operation>`.
 * The hash lives 36 days from the start of its day, so its last hour is still there 35 days on.
 */
export function usageTally(
  keys: RedisKeys,
  keyId: string,
  operation: string,
  limit: number,
  now: number,
): HitTally {
  const names = namesOfHour(now);
  return {
    key: keys.keyUsage(keyId, names.day),
    field: `${names.hour}:${operation}`,
    limit,
    expireAtSeconds: names.expireAtSeconds,
  };
}

const FIELD = /^(\d{2}):([A-Za-z]+):(requests|rejected)$/;

/** The hourly counts of one day's hash (fields as usageTally writes them), in no particular order. */
export function hourlyUsageOf(dayStart: number, hash: Record<string, string>): HourlyUsage[] {
  const byHour = new Map<string, { start: number; operation: string; requests: number; rejected: number }>();
  for (const [field, value] of Object.entries(hash)) {
    const match = FIELD.exec(field);
    if (!match) continue;
    const [, hour = '', operation = '', counter] = match;
    const id = `${hour}:${operation}`;
    let usage = byHour.get(id);
    if (!usage) {
      usage = { start: dayStart + Number(hour) * HOUR_MS, operation, requests: 0, rejected: 0 };
      byHour.set(id, usage);
    }
    if (counter === 'requests') usage.requests = Number(value);
    else usage.rejected = Number(value);
  }
  return [...byHour.values()];
}
