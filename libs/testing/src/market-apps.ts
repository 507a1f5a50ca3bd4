import type { Sim } from './exchange-sim';
import { type RunningApp, spawnApp } from './spawn-app';

/** Where an app keeps its data: the environment of a Redis target, and a key prefix. */
export interface AppStore {
  readonly redisEnv: Readonly<Record<string, string>>;
  readonly prefix: string;
}

/** An ingestor on `store`, fed by the simulator's streams, reconnecting within half a second. */
export function spawnIngestor(
  store: AppStore,
  sim: Pick<Sim, 'restUrl' | 'wsUrl'>,
  env: Record<string, string> = {},
): Promise<RunningApp> {
  return spawnApp('ingestor', {
    ...store.redisEnv,
    REDIS_PREFIX: store.prefix,
    EXCHANGE_WS_URL: sim.wsUrl,
    EXCHANGE_REST_URL: sim.restUrl,
    RECONNECT_INITIAL_MS: '50',
    RECONNECT_MAX_MS: '500',
    ...env,
  });
}

/** A cache worker on `store`, fetching history from the simulator. */
export function spawnCache(
  store: AppStore,
  sim: Pick<Sim, 'restUrl'>,
  env: Record<string, string> = {},
): Promise<RunningApp> {
  return spawnApp('cache', {
    ...store.redisEnv,
    REDIS_PREFIX: store.prefix,
    EXCHANGE_REST_URL: sim.restUrl,
    ...env,
  });
}
