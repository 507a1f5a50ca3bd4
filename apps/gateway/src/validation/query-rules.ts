import { ValidateBy, type ValidationOptions } from 'class-validator';

export const KLINES_LIMIT = { min: 1, max: 1000, default: 500 } as const;

/** Digits only, so `1e3`, `0x10`, `10.0`, `+5` and `12abc` fail instead of being coerced. */
export function isKlinesLimit(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{1,4}$/.test(value)) return false;
  const limit = Number(value);
  return limit >= KLINES_LIMIT.min && limit <= KLINES_LIMIT.max;
}

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * An ISO 8601 date-time with a time zone (`Z` or `±hh:mm`) that names a real instant: a bare date,
 * a time without zone, or an impossible date such as `2024-02-30` or `2024-13-45` fails.
 */
export function isIsoDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second = 0, , offsetHours = 0, offsetMinutes = 0] = match
    .slice(1)
    .map((part: string | undefined) => (part === undefined || part === 'Z' ? undefined : Number(part)));
  if (year === undefined || month === undefined || day === undefined) return false;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if ((hour ?? 0) > 23 || (minute ?? 0) > 59 || second > 59) return false;
  return offsetHours <= 23 && offsetMinutes <= 59 && Number.isFinite(Date.parse(value));
}

export function IsKlinesLimit(options: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isKlinesLimit', validator: { validate: isKlinesLimit } }, options);
}

export function IsIsoDateTime(options: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isIsoDateTime', validator: { validate: isIsoDateTime } }, options);
}
