import { type Interval, intervalMs, type Kline } from '@pds/market';
import { type RunningApp, type Sim, spawnApp, startExchangeSim } from '@pds/testing';
import type { GatewayHarness } from './gateway-harness';

export type { Sim, SimStats } from '@pds/testing';
export { isMsg } from '@pds/testing';

export function startSim(env: Record<string, string> = {}): Promise<Sim> {
  return startExchangeSim({ SIM_SEED: '3', ...env });
}

/** A cache worker on the harness's Redis prefix, fetching from the simulator. */
export function startCache(
  harness: GatewayHarness,
  sim: Pick<Sim, 'restUrl'>,
  env: Record<string, string> = {},
): Promise<RunningApp> {
  return spawnApp('cache', {
    ...harness.redisEnv,
    REDIS_PREFIX: harness.prefix,
    EXCHANGE_REST_URL: sim.restUrl,
    ...env,
  });
}

/** The ingestor on the harness's Redis prefix, fed by the simulator's streams. */
export function startIngestor(
  harness: GatewayHarness,
  sim: Pick<Sim, 'restUrl' | 'wsUrl'>,
): Promise<RunningApp> {
  return spawnApp('ingestor', {
    ...harness.redisEnv,
    REDIS_PREFIX: harness.prefix,
    EXCHANGE_WS_URL: sim.wsUrl,
    EXCHANGE_REST_URL: sim.restUrl,
    RECONNECT_INITIAL_MS: '50',
    RECONNECT_MAX_MS: '500',
  });
}

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
