import type { Sim } from './exchange-sim';
import { type RunningApp, spawnApp } from './spawn-app';
import { exchangeSettingsEnv } from './test-exchanges';

/** Where an app keeps its data: the environment of a Redis target, and a key prefix. */
export interface AppStore {
  readonly redisEnv: Readonly<Record<string, string>>;
  readonly prefix: string;
}

/**
 * An ingestor on `store`, fed by the simulator's streams (the primary; in the `standbys` project also
 * the standbys' simulators), reconnecting within half a second.
 */
export async function spawnIngestor(
  store: AppStore,
  sim: Pick<Sim, 'restUrl' | 'wsUrl'> & Partial<Pick<Sim, 'clockOffsetMs'>>,
  env: Record<string, string> = {},
): Promise<RunningApp> {
  return spawnApp('ingestor', {
    // The service's clock moves with the simulator's (a test-only setting), never by its frames.
    SERVICE_CLOCK_OFFSET_MS: String(sim.clockOffsetMs ?? 0),
    ...(await exchangeSettingsEnv(env.EXCHANGE === undefined)),
    ...store.redisEnv,
    REDIS_PREFIX: store.prefix,
    EXCHANGE_WS_URL: sim.wsUrl,
    EXCHANGE_REST_URL: sim.restUrl,
    RECONNECT_INITIAL_MS: '50',
    RECONNECT_MAX_MS: '500',
    ...env,
  });
}

/** A cache worker on `store`, fetching history from the simulator (the primary). */
export async function spawnCache(
  store: AppStore,
  sim: Pick<Sim, 'restUrl'> & Partial<Pick<Sim, 'clockOffsetMs'>>,
  env: Record<string, string> = {},
): Promise<RunningApp> {
  return spawnApp('cache', {
    SERVICE_CLOCK_OFFSET_MS: String(sim.clockOffsetMs ?? 0),
    ...(await exchangeSettingsEnv(false)),
    ...store.redisEnv,
    REDIS_PREFIX: store.prefix,
    EXCHANGE_REST_URL: sim.restUrl,
    ...env,
  });
}
