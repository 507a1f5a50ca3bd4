import type { RecurringInterval } from '../ledger/objects';

const DAY = 86_400;

/**
 * The end of a billing period that starts at `start` (unix seconds). Months and years are calendar
 * ones in UTC, clamped to the month's last day as Stripe does (31 Jan → 28/29 Feb).
 */
export function periodEnd(start: number, interval: RecurringInterval): number {
  if (interval === 'day') return start + DAY;
  if (interval === 'week') return start + 7 * DAY;
  const date = new Date(start * 1000);
  const months = interval === 'month' ? 1 : 12;
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  return Math.floor(target.getTime() / 1000);
}
