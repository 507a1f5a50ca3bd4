import type { StreamCounters } from '@pds/exchange';

type CounterName = keyof StreamCounters;

/** The counters of every exchange's stream added up (the `stats` line and the totals of the metrics). */
export function sumCounters(all: readonly (StreamCounters | undefined)[]): Partial<StreamCounters> {
  const present = all.filter((counters): counters is StreamCounters => counters !== undefined);
  const [first, ...rest] = present;
  if (!first) return {};
  const total: Record<CounterName, number> = { ...first };
  for (const counters of rest) {
    for (const name of Object.keys(total) as CounterName[]) total[name] += counters[name];
  }
  return total;
}
