import { readFileSync } from 'node:fs';
import { RedisKeys } from '@pds/redis';
import { deletePrefix, type RunningApp, SHARED_REDIS_URL, spawnApp, uniquePrefix } from '@pds/testing';
import { Redis } from 'ioredis';
import { ApiKeyStore } from '../apps/gateway/src/api-keys/api-key.store';
import { spawnNode } from './spawn-node';
import { percentile, round } from './statistics';
import { closeClients, FanOutRecorder, openClients } from './ws-clients';

export interface WsBenchOptions {
  readonly clientCounts: readonly number[];
  readonly tradesPerSecond: number;
  readonly durationSeconds: number;
}

export interface WsBenchRow {
  readonly path: string;
  readonly target: 'gateway' | 'bare-ws';
  readonly clients: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly framesPerSecond: number;
  readonly memoryPerConnectionKiB: number;
}

const PATHS = [
  { path: '/api/v1/prices/current', channel: (keys: RedisKeys) => keys.priceChannel('btcusdt') },
  {
    path: '/api/v1/prices/klines/current?interval=1m',
    channel: (keys: RedisKeys) => keys.klineChannel('btcusdt', '1m'),
  },
];

function rssKiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((row) => row.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0);
}

const wait = (seconds: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** Trade times by price, from the price channel: a kline frame's close is its last trade's price. */
class TradeClock {
  private readonly times = new Map<string, number>();

  onPrice(message: string): void {
    const { price, time } = JSON.parse(message) as { price: string; time: string };
    this.times.set(price, Date.parse(time));
    if (this.times.size > 5000) this.times.delete(this.times.keys().next().value ?? '');
  }

  lag(frame: string, receivedAt: number): number | undefined {
    const parsed = JSON.parse(frame) as { time?: string; close?: string };
    if (parsed.time) return receivedAt - Date.parse(parsed.time);
    const tradeTime = parsed.close === undefined ? undefined : this.times.get(parsed.close);
    return tradeTime === undefined ? undefined : receivedAt - tradeTime;
  }
}

interface Stack {
  readonly prefix: string;
  readonly gateway: RunningApp;
  readonly apiKey: string;
  readonly started: RunningApp[];
}

async function startStack(options: WsBenchOptions, redis: Redis): Promise<Stack> {
  const prefix = uniquePrefix('bench-ws');
  const started: RunningApp[] = [];
  const sim = await spawnApp(
    'exchange-sim',
    { SIM_TRADES_PER_SECOND: String(options.tradesPerSecond) },
    { retainOutput: false },
  );
  started.push(sim);
  const exchange = `127.0.0.1:${sim.port}`;
  started.push(
    await spawnApp(
      'ingestor',
      { REDIS_PREFIX: prefix, EXCHANGE_WS_URL: `ws://${exchange}`, EXCHANGE_REST_URL: `http://${exchange}` },
      { retainOutput: false },
    ),
  );
  const gateway = await spawnApp(
    'gateway',
    { REDIS_PREFIX: prefix, HOST: '127.0.0.1', LOG_REQUESTS: 'false' },
    { retainOutput: false },
  );
  started.push(gateway);
  const { key } = await new ApiKeyStore(redis, new RedisKeys(prefix)).create({
    name: 'bench-ws',
    wsConnections: 1_000_000,
  });
  return { prefix, gateway, apiKey: key, started };
}

async function measure(url: string, clients: number, pid: number, clock: TradeClock, seconds: number) {
  const recorder = new FanOutRecorder((frame, at) => clock.lag(frame, at));
  const before = rssKiB(pid);
  const sockets = await openClients(url, clients, recorder);
  await wait(1);
  const after = rssKiB(pid);
  recorder.start();
  await wait(seconds);
  recorder.stop();
  closeClients(sockets);
  await wait(1);
  return {
    p50Ms: round(percentile(recorder.lagMs, 50)),
    p99Ms: round(percentile(recorder.lagMs, 99)),
    maxMs: round(percentile(recorder.lagMs, 100)),
    framesPerSecond: round(recorder.frames / seconds, 0),
    memoryPerConnectionKiB: round((after - before) / clients),
  };
}

async function measurePath(
  { path, channel }: (typeof PATHS)[number],
  stack: Stack,
  keys: RedisKeys,
  clock: TradeClock,
  options: WsBenchOptions,
): Promise<WsBenchRow[]> {
  const baseline = await spawnNode('bench/baseline-ws-server.js', {
    CHANNEL: channel(keys),
    REDIS_URL: SHARED_REDIS_URL,
  });
  const pid = (app: RunningApp): number => app.process.pid ?? 0;
  const separator = path.includes('?') ? '&' : '?';
  const gatewayUrl = `ws://127.0.0.1:${stack.gateway.port}${path}${separator}apiKey=${stack.apiKey}`;
  const rows: WsBenchRow[] = [];
  try {
    for (const clients of options.clientCounts) {
      const bare = await measure(
        `ws://127.0.0.1:${baseline.port}`,
        clients,
        pid(baseline),
        clock,
        options.durationSeconds,
      );
      rows.push({ path, target: 'bare-ws', clients, ...bare });
      const served = await measure(gatewayUrl, clients, pid(stack.gateway), clock, options.durationSeconds);
      rows.push({ path, target: 'gateway', clients, ...served });
    }
    return rows;
  } finally {
    await baseline.stop();
  }
}

/** N clients on each stream path of the gateway, against a bare `ws` fan-out of the same channel. */
export async function runWsBench(options: WsBenchOptions): Promise<WsBenchRow[]> {
  const redis = new Redis(SHARED_REDIS_URL);
  const stack = await startStack(options, redis);
  const subscriber = new Redis(SHARED_REDIS_URL);
  const clock = new TradeClock();
  const keys = new RedisKeys(stack.prefix);
  const rows: WsBenchRow[] = [];
  try {
    await subscriber.subscribe(keys.priceChannel('btcusdt'));
    subscriber.on('message', (_channel: string, message: string) => {
      clock.onPrice(message);
    });
    for (const target of PATHS) rows.push(...(await measurePath(target, stack, keys, clock, options)));
    return rows;
  } finally {
    subscriber.disconnect();
    await Promise.all(stack.started.reverse().map((app) => app.stop()));
    await deletePrefix(redis, stack.prefix);
    redis.disconnect();
  }
}
