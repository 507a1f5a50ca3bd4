import {
  generateRedisPassword,
  isMsg,
  redisAt,
  type RedisServer,
  type RedisTarget,
  type RunningApp,
  type Sim,
  spawnCache,
  spawnIngestor,
  startExchangeSim,
  startRedisServer,
} from '@pds/testing';
import { TradeFeed } from './trade-feed';
import {
  gatewayHarness,
  type GatewayHarness,
  SHIPPED_REQUEST_DEADLINE,
} from '../../../apps/gateway/test/support';

/** Short lease and stream timings, so that every recovery happens in seconds. */
export const TIMINGS = {
  /** Ingestor lease: a killed leader is replaced within this, plus one poll. */
  ingestorLeaseTtlMs: 1500,
  /** A silent exchange connection counts as dead after this. */
  streamSilenceMs: 1000,
  /** The simulator closes a connection this long after its serverShutdown notice. */
  shutdownGraceMs: 1000,
  /** A killed gateway's WebSocket connections free their slots after this. */
  wsLeaseTtlMs: 3000,
  /** Read-through waits at most this long for history before it answers 503. */
  readThroughTimeoutMs: 2000,
};

/** WebSocket connections the fault suite's key may hold per operation (across gateways). */
export const WS_CONNECTIONS_PER_OPERATION = 2;

/** What the stack's Redis must offer besides its address: a way to be taken away at the end. */
export interface DisposableRedis {
  dispose(): Promise<void>;
}

export interface FaultStack<R extends DisposableRedis = RedisServer> {
  readonly redis: R;
  readonly harness: GatewayHarness;
  readonly sim: Sim;
  /** Trades on the exchange, one every 50 ms from the simulator's start to the end of the run. */
  readonly feed: TradeFeed;
  /** Ingestors that still run, by id. */
  readonly ingestors: Map<string, RunningApp>;
  readonly cache: RunningApp;
  readonly gateways: readonly RunningApp[];
  readonly key: string;
  readonly keyId: string;
  close(): Promise<void>;
}

function startIngestor(harness: GatewayHarness, sim: Sim, id: string): Promise<RunningApp> {
  return spawnIngestor(harness, sim, {
    INGESTOR_ID: id,
    LEASE_TTL_MS: String(TIMINGS.ingestorLeaseTtlMs),
    LEASE_RENEW_MS: '500',
    LEASE_POLL_MS: '200',
    STREAM_SILENCE_MS: String(TIMINGS.streamSilenceMs),
  });
}

function startCache(harness: GatewayHarness, sim: Sim): Promise<RunningApp> {
  return spawnCache(harness, sim, { WARM_UP_KLINES: '200' });
}

const GATEWAY_ENV = {
  ...SHIPPED_REQUEST_DEADLINE,
  LOG_REQUESTS: 'false',
  WS_LEASE_TTL_MS: String(TIMINGS.wsLeaseTtlMs),
  READ_THROUGH_TIMEOUT_MS: String(TIMINGS.readThroughTimeoutMs),
};

/**
 * The whole service on a private, append-only, password-protected redis-server (so it can be
 * stopped and started and keeps its data, and asks every client for its password, as production's
 * Redis does); see startStackOn.
 */
export async function startFaultStack(simOffsetMs: number): Promise<FaultStack> {
  const redis = await startRedisServer({ appendOnly: true, password: generateRedisPassword() });
  return startStackOn(redis, redisAt(redis.url), simOffsetMs);
}

/**
 * The whole service on `target`, a private Redis the stack disposes of when it closes: the simulator
 * with its clock at `simOffsetMs`, ingestors `ingestor-a` (leader) and `ingestor-b` (standby), a
 * cache worker that has warmed up, two gateways, and an API key with room for the load.
 */
export async function startStackOn<R extends DisposableRedis>(
  redis: R,
  target: RedisTarget,
  simOffsetMs: number,
): Promise<FaultStack<R>> {
  const harness = await gatewayHarness('faults', target);
  const ingestors = new Map<string, RunningApp>();
  const workers: RunningApp[] = [];
  let feed: TradeFeed | undefined;
  const close = async (): Promise<void> => {
    await feed?.stop();
    await Promise.all([...ingestors.values(), ...workers].map((app) => app.stop()));
    await harness.close();
    await redis.dispose();
  };
  try {
    const sim = await startExchangeSim({
      SIM_SEED: '11',
      SIM_CLOCK_OFFSET_MS: String(simOffsetMs),
      SIM_KLINE_PUSH_MS: '500',
      SIM_SHUTDOWN_GRACE_MS: String(TIMINGS.shutdownGraceMs),
    });
    workers.push(sim.app);
    // Trades flow before the ingestors connect: a stream without events counts as dead.
    feed = new TradeFeed(sim, 50);
    feed.start();
    const start = async (id: string): Promise<RunningApp> => {
      const app = await startIngestor(harness, sim, id);
      ingestors.set(id, app);
      return app;
    };
    await (await start('ingestor-a')).waitForLog(isMsg('leader'));
    const [standby, cache] = await Promise.all([start('ingestor-b'), startCache(harness, sim)]);
    workers.unshift(cache);
    await Promise.all([
      standby.waitForLog(isMsg('standby')),
      cache.waitForLog(isMsg('job-completed', { name: 'warm-up' }), 30_000),
    ]);
    const gateways = await Promise.all([
      harness.startGateway(GATEWAY_ENV),
      harness.startGateway(GATEWAY_ENV),
    ]);
    const { key, id: keyId } = await harness.createKey({
      requestsPerMinute: 1_000_000,
      wsConnections: WS_CONNECTIONS_PER_OPERATION,
    });
    return { redis, harness, sim, feed, ingestors, cache, gateways, key, keyId, close };
  } catch (error) {
    await close();
    throw error;
  }
}
