import {
  eventually,
  isMsg,
  type MailSink,
  metricsUrl,
  PAYMENTS_SIM_SECRET_KEY,
  PAYMENTS_SIM_WEBHOOK_SECRET,
  PRICE,
  type RedisServer,
  redisAt,
  type RunningApp,
  type Sim,
  spawnCache,
  spawnIngestor,
  startExchangeSim,
  startMailSink,
  startRedisServer,
} from '@pds/testing';
import { measureLoad } from '../../../bench/load';
import { accountsEnv, authApi, mailedToken } from '../../../apps/gateway/test/support/accounts-api';
import {
  connect,
  gatewayHarness,
  type GatewayHarness,
  getJson,
  wsUrl,
} from '../../../apps/gateway/test/support';
import type { ScrapeJob } from './prometheus';

/** Every app of the service on a private Redis with a maxmemory (as deployed), and the simulators. */
export interface ObservedStack {
  readonly harness: GatewayHarness;
  readonly sim: Sim;
  readonly sink: MailSink;
  readonly jobs: readonly ScrapeJob[];
  stop(): Promise<void>;
}

interface Parts {
  redis?: RedisServer;
  sink?: MailSink;
  sim?: Sim;
  harness?: GatewayHarness;
  apps: RunningApp[];
}

async function stopParts(parts: Parts): Promise<void> {
  await Promise.all([...parts.apps.map((app) => app.stop()), parts.sim?.app.stop(), parts.sink?.close()]);
  await parts.harness?.close();
  await parts.redis?.dispose();
}

async function hostPort(app: RunningApp): Promise<string> {
  return new URL(await metricsUrl(app)).host;
}

async function startParts(parts: Parts): Promise<ObservedStack> {
  parts.redis = await startRedisServer({ extraArguments: ['--maxmemory', '256mb'] });
  const target = redisAt(parts.redis.url);
  parts.sink = await startMailSink();
  parts.sim = await startExchangeSim({
    SIM_SEED: '5',
    SIM_TRADES_PER_SECOND: '20',
    SIM_KLINE_PUSH_MS: '500',
  });
  const harness = (parts.harness = await gatewayHarness('observability', target));
  const store = { redisEnv: target.env, prefix: harness.prefix };
  const leader = await spawnIngestor(store, parts.sim);
  parts.apps.push(leader);
  await leader.waitForLog(isMsg('leader'));
  const gatewayEnv = {
    ...accountsEnv(parts.sink),
    STRIPE_SECRET_KEY: PAYMENTS_SIM_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: PAYMENTS_SIM_WEBHOOK_SECRET,
  };
  // One after the other, each kept as soon as it runs: a busy machine starts them no slower, and a
  // failed start leaves nothing running that stopParts does not know.
  const start = async (spawned: Promise<RunningApp>): Promise<RunningApp> => {
    const app = await spawned;
    parts.apps.push(app);
    return app;
  };
  const standby = await start(spawnIngestor(store, parts.sim));
  const cache = await start(spawnCache(store, parts.sim, { WARM_UP_KLINES: '10' }));
  const gateways = [
    await start(harness.startGateway(gatewayEnv)),
    await start(harness.startGateway(gatewayEnv)),
  ];
  const jobs: ScrapeJob[] = [
    { job: 'ingestor', targets: await Promise.all([leader, standby].map(hostPort)) },
    { job: 'cache', targets: [await hostPort(cache)] },
    { job: 'gateway', targets: await Promise.all(gateways.map(hostPort)) },
  ];
  return { harness, sim: parts.sim, sink: parts.sink, jobs, stop: () => stopParts(parts) };
}

/** Starts the stack; whatever started is stopped again when a part fails. */
export async function startObservedStack(): Promise<ObservedStack> {
  const parts: Parts = { apps: [] };
  try {
    return await startParts(parts);
  } catch (error) {
    await stopParts(parts);
    throw error;
  }
}

/** The bench's REST load (bench/load.ts, autocannon) on the two read paths of every gateway. */
const LOAD_PATHS = [PRICE, '/api/v1/prices/klines?interval=1m&limit=100'];
const LOAD = { connections: 8, durationSeconds: 10 };

/** A sign-up with its email verified, on the first gateway. */
async function signUp(stack: ObservedStack): Promise<void> {
  const api = authApi(stack.harness.url());
  const email = `observed-${Date.now()}@example.test`;
  expect((await api.register(email)).status).toBe(202);
  expect((await api.verifyEmail(await mailedToken(stack.sink, email, 'verify'))).status).toBe(200);
}

/** WebSocket clients on every gateway: one stays open, one closes (a close code to count). */
async function streamClients(stack: ObservedStack, key: string): Promise<void> {
  for (const index of stack.harness.gateways.keys()) {
    await connect(wsUrl(stack.harness.url(index), PRICE, { apiKey: key }));
    const { client } = await connect(wsUrl(stack.harness.url(index), PRICE, { apiKey: key }));
    await client.close();
  }
}

/**
 * What a running service sees: price and kline reads under the bench's load (a quarter of them on a
 * key limited to one a minute: 429s), open and closed streams, a sign-up, and a webhook with a bad
 * signature. Returns once all of it is answered.
 */
export async function driveTraffic(stack: ObservedStack): Promise<void> {
  const { harness } = stack;
  const { key } = await harness.createKey({ requestsPerMinute: 1_000_000_000, wsConnections: 10 });
  const { key: tight } = await harness.createKey({ requestsPerMinute: 1 });
  const headers = { 'x-api-key': key };
  await eventually(async () => {
    const response = await getJson(`${harness.url()}${PRICE}`, headers);
    return response.status === 200 ? true : undefined;
  }, 'the first price');
  await streamClients(stack, key);
  await signUp(stack);
  const webhook = await fetch(`${harness.url()}/api/v1/billing/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
    body: '{"id":"evt_forged","type":"checkout.session.completed"}',
  });
  expect(webhook.status).toBe(400);
  const headerPool = [headers, headers, headers, { 'x-api-key': tight }];
  const loads = harness.gateways.flatMap((_, index) =>
    LOAD_PATHS.map((path) => measureLoad({ ...LOAD, url: `${harness.url(index)}${path}`, headerPool })),
  );
  for (const load of await Promise.all(loads)) expect(load.non2xx).toBeGreaterThan(0);
  // Closes again, after the load: the close counters' series exist by now, so these count as a rise.
  await streamClients(stack, key);
}
