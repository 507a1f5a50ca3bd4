import { type Interval, INTERVALS, isInterval } from '@pds/market';

const INTERVAL_NAMES = INTERVALS.join('|');

/** `1m=50000,1d=2000`: empty, or comma-separated interval=count pairs (count at least 1000). */
export const RETENTION_OVERRIDES_PATTERN = new RegExp(
  `^$|^(?:(?:${INTERVAL_NAMES})=[1-9]\\d{3,})(?:,(?:${INTERVAL_NAMES})=[1-9]\\d{3,})*$`,
);

/** Closed klines to keep per interval: the default, with the overrides applied. */
export function retentionBounds(defaultKeep: number, overrides: string): ReadonlyMap<Interval, number> {
  const bounds = new Map<Interval, number>(INTERVALS.map((interval) => [interval, defaultKeep]));
  for (const pair of overrides.split(',').filter((entry) => entry !== '')) {
    const [name, count] = pair.split('=');
    if (isInterval(name) && count !== undefined) bounds.set(name, Number(count));
  }
  return bounds;
}
