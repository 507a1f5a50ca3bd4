import {
  freePort,
  generateRedisPassword,
  PRICE,
  redisAt,
  type RedisServer,
  type RunningApp,
  spawnCache,
  startRedisServer,
} from '@pds/testing';
import {
  gatewayHarness,
  type GatewayHarness,
  getJson,
  type Sim,
  startIngestor,
  startSim,
  nextLog,
} from '../../../apps/gateway/test/support';
import { type NginxMode, PLAIN, type RunningNginx, startNginx } from './nginx';

type LogEntry = Record<string, unknown>;

/**
 * The local multi-replica deployment: the simulator, the ingestor, the cache worker and two gateways
 * (fixed ports, trusting nginx's loopback address as TRUSTED_PROXIES) on a private redis-server that
 * asks for a password, as the compose file's does, behind nginx with the shipped configuration of
 * `mode`.
 */
export interface ReplicaStack {
  readonly harness: GatewayHarness;
  readonly sim: Sim;
  readonly nginx: RunningNginx;
  /** The running process of each replica, by index. */
  readonly replicas: RunningApp[];
  readonly ports: readonly number[];
  /** A key whose limit no test reaches, for requests that only probe the replicas. */
  readonly unlimitedKey: string;
  /** Starts replica `index` (again) on its port; resolves once it logged `ready`. */
  startReplica(index: number): Promise<RunningApp>;
  /** Resolves once `app` answered a request through nginx with 200: nginx has it in rotation. */
  servesThroughNginx(app: RunningApp): Promise<void>;
  close(): Promise<void>;
}

async function sendUntilServed(nginx: RunningNginx, app: RunningApp, key: string): Promise<void> {
  const progress = { served: false };
  const throughNginx = (entry: LogEntry): boolean =>
    entry.msg === 'request' && entry.route === PRICE && entry.status === 200;
  const served = nextLog(app, throughNginx).then(() => {
    progress.served = true;
  });
  const deadline = Date.now() + 10_000;
  while (!progress.served && Date.now() < deadline) {
    await getJson(`${nginx.url}${PRICE}`, { 'x-api-key': key });
  }
  await served;
}

export async function startReplicaStack(label: string, mode: NginxMode = PLAIN): Promise<ReplicaStack> {
  const redis: RedisServer = await startRedisServer({ password: generateRedisPassword() });
  const harness = await gatewayHarness(label, redisAt(redis.url));
  const sim = await startSim({ SIM_TRADES_PER_SECOND: '5' });
  const ingestor = await startIngestor(harness.prefix, sim, harness.redisEnv);
  const cache = await spawnCache(harness, sim);
  const unlimitedKey = (await harness.createKey({ requestsPerMinute: 1_000_000 })).key;
  const ports = [await freePort(), await freePort()];
  const replicas: RunningApp[] = [];
  const startReplica = async (index: number): Promise<RunningApp> => {
    const app = await harness.startGateway({ PORT: String(ports[index]), TRUSTED_PROXIES: '127.0.0.1' });
    replicas[index] = app;
    return app;
  };
  await Promise.all([startReplica(0), startReplica(1)]);
  const nginx = await startNginx(ports, await freePort(), mode);
  return {
    harness,
    sim,
    nginx,
    replicas,
    ports,
    unlimitedKey,
    startReplica,
    servesThroughNginx: (app) => sendUntilServed(nginx, app, unlimitedKey),
    close: async () => {
      await nginx.stop();
      await harness.close();
      await Promise.all([cache.stop(), ingestor.stop()]);
      await sim.app.stop();
      await redis.dispose();
    },
  };
}
