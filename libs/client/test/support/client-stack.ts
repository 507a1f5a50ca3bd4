import {
  deletePrefix,
  eventually,
  exchangeEndpointsEnv,
  freePort,
  type RedisTarget,
  type RunningApp,
  type Sim,
  type SimExchange,
  spawnApp,
  spawnCache,
  spawnIngestor,
  startExchangeSim,
  testRedis,
  uniquePrefix,
} from '@pds/testing';
import { createPriceDataClient, type ClientOptions, type PriceDataClient } from '../../src';

/** The admin token of the gateways these tests start (a test value, not a credential). */
export const ADMIN_TOKEN = 'client-test-admin-token-0123456789';

/** Start-up bound of the gateway: generous, the suites share two busy cores. */
const STARTUP = { timeoutMs: 60_000 };

/** Streams in tests come back quickly: the backoff ceilings of a deployment would only slow them. */
export const FAST_RECONNECT = { initialDelayMs: 100, maxDelayMs: 1_000, rateLimitedDelayMs: 500 };

export interface ClientStack {
  readonly prefix: string;
  readonly sim: Sim;
  /** With `indexSources`: the other exchanges' simulators, which the ingestor follows as standbys. */
  readonly standbys: readonly Sim[];
  readonly redis: RedisTarget;
  gateway: RunningApp;
  readonly baseUrl: string;
  /** An API key made through the admin API, with room for every stream and request of a test. */
  readonly apiKey: string;
  /** A client of this stack with the key (and `options`). */
  client(options?: Partial<ClientOptions>): PriceDataClient;
  /** Stops the gateway (SIGTERM: its sockets close with 1001) and starts it again on the same port. */
  restartGateway(): Promise<void>;
  stopIngestor(): Promise<void>;
  startIngestor(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The real stack on a key prefix of its own: exchange simulator → ingestor and cache worker → Redis
 * → gateway (the built apps), the gateway on a fixed free port so that a restart keeps its address.
 */
export async function startClientStack(
  label: string,
  options: {
    redis?: RedisTarget;
    gatewayEnv?: Record<string, string>;
    port?: number;
    /** Three exchanges for the index (docs/index.md): the primary and two standbys, all trading. */
    indexSources?: boolean;
  } = {},
): Promise<ClientStack> {
  const prefix = uniquePrefix(label);
  const redis = options.redis ?? testRedis();
  const gatewayEnv: Record<string, string> = {
    ...redis.env,
    REDIS_PREFIX: prefix,
    HOST: '127.0.0.1',
    ADMIN_TOKEN,
    REQUEST_DEADLINE_MS: '3000', // two cores shared with the other processes of the test
    ...options.gatewayEnv,
  };
  const sim = await startExchangeSim({ SIM_KLINE_PUSH_MS: '500', SIM_TRADES_PER_SECOND: '4' });
  const standbys = options.indexSources ? await startStandbys(sim.exchange) : [];
  const ingestorEnv = standbysEnv(sim.exchange, standbys);
  let ingestor = await startLeadingIngestor(prefix, redis, sim, ingestorEnv);
  // The history worker: klines before the ingestor started come from the simulator's history.
  const cache = await spawnCache({ redisEnv: redis.env, prefix }, sim);
  let gateway = await spawnGatewayOnAPort(gatewayEnv, options.port);
  const baseUrl = `http://127.0.0.1:${gatewayEnv.PORT ?? ''}`;
  const admin = createPriceDataClient({ baseUrl, adminToken: ADMIN_TOKEN });
  const created = await admin.admin.createApiKey({
    name: label,
    wsConnections: 20,
    requestsPerMinute: 10_000,
  });
  const apiKey = created.data.key;
  const client = (extra: Partial<ClientOptions> = {}) =>
    createPriceDataClient({ baseUrl, apiKey, reconnect: FAST_RECONNECT, ...extra });
  await eventually(async () => {
    const answer = await client({ retry: { maxRetries: 0 } })
      .getCurrentKline({ interval: '1m' })
      .catch(() => undefined);
    return answer?.data;
  }, 'market data');
  const stack: ClientStack = {
    prefix,
    sim,
    standbys,
    redis,
    gateway,
    baseUrl,
    apiKey,
    client,
    restartGateway: async () => {
      await gateway.stop();
      gateway = await spawnApp('gateway', gatewayEnv, STARTUP);
      stack.gateway = gateway;
    },
    stopIngestor: () => ingestor.stop(),
    startIngestor: async () => {
      ingestor = await startLeadingIngestor(prefix, redis, sim, ingestorEnv);
    },
    stop: async () => {
      await Promise.all([gateway.stop(), ingestor.stop(), cache.stop()]);
      await Promise.all([sim, ...standbys].map((each) => each.app.stop()));
      const connection = redis.connect('client-test-cleanup');
      await deletePrefix(connection, prefix).catch(() => undefined);
      connection.disconnect();
    },
  };
  return stack;
}

/**
 * Starts the gateway on `port`, or on a free one, which it keeps (PORT is set in `env`) so that a
 * restart finds it there. A free port is taken only now, after the slow start of the rest, and
 * another one is tried when something took it meanwhile (any process's outgoing connection may).
 */
async function spawnGatewayOnAPort(env: Record<string, string>, port?: number): Promise<RunningApp> {
  for (let attempt = 1; ; attempt += 1) {
    env.PORT = String(port ?? (await freePort()));
    try {
      return await spawnApp('gateway', env, STARTUP);
    } catch (error) {
      const taken = error instanceof Error && error.message.includes('EADDRINUSE');
      if (port !== undefined || !taken || attempt >= 3) throw error;
    }
  }
}

async function startLeadingIngestor(
  prefix: string,
  redis: RedisTarget,
  sim: Sim,
  env: Record<string, string>,
): Promise<RunningApp> {
  const ingestor = await spawnIngestor({ redisEnv: redis.env, prefix }, sim, env);
  await ingestor.waitForLog((entry) => entry.msg === 'leader');
  return ingestor;
}

const EXCHANGES: readonly SimExchange[] = ['binance', 'binance-us', 'kraken'];

/** A simulator trading on the shared price walk for each exchange other than `primary`. */
function startStandbys(primary: SimExchange): Promise<Sim[]> {
  const others = EXCHANGES.filter((exchange) => exchange !== primary);
  return Promise.all(
    others.map((exchange) => startExchangeSim({ SIM_EXCHANGE: exchange, SIM_TRADES_PER_SECOND: '4' })),
  );
}

/** The ingestor's exchange settings (CONTRACT section 11): the primary by name, then the standbys. */
function standbysEnv(primary: SimExchange, standbys: readonly Sim[]): Record<string, string> {
  if (standbys.length === 0) return {};
  const env = { EXCHANGE: primary, EXCHANGE_STANDBYS: standbys.map((standby) => standby.exchange).join(',') };
  for (const standby of standbys)
    Object.assign(env, exchangeEndpointsEnv(standby.exchange, standby.app.port));
  return env;
}
