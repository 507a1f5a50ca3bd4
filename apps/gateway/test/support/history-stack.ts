import { BinanceRestClient, type KlineRange } from '@pds/exchange';
import { type Interval, intervalMs, type Kline } from '@pds/market';
import { type RunningApp, spawnApp } from '@pds/testing';
import type { GatewayHarness } from './gateway-harness';

/** The simulator's request counters (GET /sim/stats). */
export interface SimStats {
  readonly klinesRequests: number;
  readonly rateLimited: number;
  readonly banned: number;
}

export interface Sim {
  readonly app: RunningApp;
  readonly restUrl: string;
  readonly wsUrl: string;
  stats(): Promise<SimStats>;
  /** The simulator's REST answer, turned into klines exactly as libs/exchange does. */
  klines(interval: Interval, range: KlineRange): Promise<readonly Kline[]>;
}

export async function startSim(env: Record<string, string> = {}): Promise<Sim> {
  const app = await spawnApp('exchange-sim', { SIM_SEED: '3', SIM_TRADES_PER_SECOND: '0', ...env });
  const restUrl = `http://127.0.0.1:${app.port}`;
  const rest = new BinanceRestClient({ baseUrl: restUrl });
  return {
    app,
    restUrl,
    wsUrl: `ws://127.0.0.1:${app.port}`,
    stats: async () => (await (await fetch(`${restUrl}/sim/stats`)).json()) as SimStats,
    klines: async (interval, range) => (await rest.fetchKlines('btcusdt', interval, range)).klines,
  };
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

export function isMsg(msg: string, fields: Record<string, unknown> = {}) {
  return (entry: Record<string, unknown>): boolean =>
    entry.msg === msg && Object.entries(fields).every(([key, value]) => entry[key] === value);
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
