import { RedisKeys } from '@pds/redis';
import { type RunningApp, SHARED_REDIS_URL, spawnApp, uniquePrefix } from '@pds/testing';
import type { Redis } from 'ioredis';
import { ApiKeyStore } from '../apps/gateway/src';
import { heapSnapshotArgv } from './heap-snapshots';
import { GATEWAY_SCRIPT, spawnNode } from './spawn-node';

export type WsTarget = 'gateway' | 'bare-ws';

export interface WsStackOptions {
  readonly clientCounts: readonly number[];
  readonly tradesPerSecond: number;
  /** Clients per API key of the pool (each key may hold twice as many). */
  readonly clientsPerKey: number;
  /** When set, every gateway and client process writes a V8 CPU profile here. */
  readonly profileDir: string | undefined;
  /** When set, each gateway writes a heap snapshot here before its clients connect and once they are live. */
  readonly heapDir?: string | undefined;
}

export interface StreamPath {
  readonly path: string;
  readonly channel: (keys: RedisKeys) => string;
}

export const PATHS: readonly StreamPath[] = [
  { path: '/api/v1/prices/current', channel: (keys) => keys.priceChannel('btcusdt') },
  {
    path: '/api/v1/prices/klines/current?interval=1m',
    channel: (keys) => keys.klineChannel('btcusdt', '1m'),
  },
];

/** Exchange trades published to Redis; an ingestor that may be paused while clients connect. */
export class Market {
  private ingestor: RunningApp | undefined;

  private constructor(
    readonly prefix: string,
    readonly keys: RedisKeys,
    readonly apiKeys: readonly string[],
    private readonly sim: RunningApp,
  ) {}

  /** The simulator and a leading ingestor under a fresh prefix, and the pool of API keys. */
  static async start(options: WsStackOptions, redis: Redis): Promise<Market> {
    const prefix = uniquePrefix('bench-ws');
    const keys = new RedisKeys(prefix);
    const sim = await spawnApp(
      'exchange-sim',
      { SIM_TRADES_PER_SECOND: String(options.tradesPerSecond) },
      { retainOutput: false },
    );
    const poolSize = Math.ceil(Math.max(...options.clientCounts) / options.clientsPerKey);
    const store = new ApiKeyStore(redis, keys);
    const apiKeys: string[] = [];
    for (let index = 0; index < poolSize; index += 1) {
      const limit = 2 * options.clientsPerKey;
      apiKeys.push((await store.create({ name: `bench-ws-${index}`, wsConnections: limit })).key);
    }
    const market = new Market(prefix, keys, apiKeys, sim);
    await market.resume();
    return market;
  }

  /** Nothing is published until `resume` (the last price and klines stay in Redis for snapshots). */
  async pause(): Promise<void> {
    await this.ingestor?.stop();
    this.ingestor = undefined;
  }

  /** A new ingestor, once it leads and publishes again. */
  async resume(): Promise<void> {
    if (this.ingestor) return;
    const exchange = `127.0.0.1:${this.sim.port}`;
    this.ingestor = await spawnApp(
      'ingestor',
      {
        REDIS_PREFIX: this.prefix,
        EXCHANGE_WS_URL: `ws://${exchange}`,
        EXCHANGE_REST_URL: `http://${exchange}`,
      },
      // Kept: it may log `leader` before `ready`, and a line not kept is not seen by waitForLog.
      { retainOutput: true },
    );
    await this.ingestor.waitForLog((entry) => entry.msg === 'leader', 20_000);
  }

  async stop(): Promise<void> {
    await this.pause();
    await this.sim.stop();
  }
}

/** Node options that write a CPU profile of the process to `profileDir`, when one is set. */
export function profileArgv(options: WsStackOptions): string[] {
  return options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
}

export interface Server {
  readonly app: RunningApp;
  readonly urls: readonly string[];
}

/** A fresh server per round, so its memory before the clients is an idle process's. */
export async function startServer(
  target: WsTarget,
  stream: StreamPath,
  market: Market,
  options: WsStackOptions,
): Promise<Server> {
  if (target === 'bare-ws') {
    const app = await spawnNode('bench/baseline-ws-server.js', {
      CHANNEL: stream.channel(market.keys),
      REDIS_URL: SHARED_REDIS_URL,
    });
    return { app, urls: [`ws://127.0.0.1:${app.port}`] };
  }
  const profile = [...profileArgv(options), ...heapSnapshotArgv(options.heapDir)];
  const app = await spawnNode(
    GATEWAY_SCRIPT,
    { PORT: '0', REDIS_PREFIX: market.prefix, HOST: '127.0.0.1', LOG_REQUESTS: 'false' },
    profile,
  );
  const separator = stream.path.includes('?') ? '&' : '?';
  const base = `ws://127.0.0.1:${app.port}${stream.path}${separator}apiKey=`;
  return { app, urls: market.apiKeys.map((key) => `${base}${key}`) };
}
