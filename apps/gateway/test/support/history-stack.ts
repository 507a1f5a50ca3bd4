import { type Interval, intervalMs, type Kline } from '@pds/market';
import { type Sim, startExchangeSim } from '@pds/testing';

export type { Sim, SimStats } from '@pds/testing';
export { isMsg } from '@pds/testing';

export function startSim(env: Record<string, string> = {}): Promise<Sim> {
  return startExchangeSim({ SIM_SEED: '3', ...env });
}

/** A cache worker and the ingestor on the harness's Redis prefix (a harness is an AppStore). */
export { spawnCache as startCache, spawnIngestor as startIngestor } from '@pds/testing';

/** Open times of the klines step by exactly one interval. */
export function isContiguous(klines: readonly Kline[], interval: Interval): boolean {
  const times = klines.map((kline) => Date.parse(kline.openTime));
  return times.every((time, index) => index === 0 || time - (times[index - 1] ?? 0) === intervalMs(interval));
}

/** Aligned read-through pages (1000 klines from a multiple of 1000 intervals) that [from, to] touches. */
export function pagesSpanned(from: number, to: number, interval: Interval): number {
  const size = 1000 * intervalMs(interval);
  return Math.floor(to / size) - Math.floor(from / size) + 1;
}
