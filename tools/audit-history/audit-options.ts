import { type Interval, isInterval } from '@pds/market';

export class UsageError extends Error {}

export const USAGE =
  'usage: npm run audit-history -- --from <time> --to <time> --interval <1m|...|1d> [--gateway <url>]\n' +
  '  times: ISO 8601 (2018-02-07T00:00:00Z) or epoch milliseconds; the store is Redis (REDIS_* variables)\n' +
  '  unless --gateway names a running gateway (AUDIT_API_KEY holds its API key)';

export interface AuditOptions {
  readonly from: number;
  readonly to: number;
  readonly interval: Interval;
  readonly gateway?: string;
}

function value(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const text = args[index + 1];
  if (text === undefined || text.startsWith('--')) throw new UsageError(`--${name} needs a value`);
  return text;
}

function time(args: readonly string[], name: string): number {
  const text = value(args, name);
  if (text === undefined) throw new UsageError(`--${name} is required`);
  const parsed = /^\d{1,15}$/.test(text) ? Number(text) : Date.parse(text);
  if (Number.isNaN(parsed)) throw new UsageError(`--${name} must be an ISO 8601 time or epoch milliseconds`);
  return parsed;
}

export function parseAuditOptions(args: readonly string[]): AuditOptions {
  const interval = value(args, 'interval');
  if (!isInterval(interval)) throw new UsageError('--interval must be one of 1m 5m 15m 30m 1h 4h 6h 12h 1d');
  const from = time(args, 'from');
  const to = time(args, 'to');
  if (to < from) throw new UsageError('--to must not be before --from');
  return { from, to, interval, gateway: value(args, 'gateway') };
}
