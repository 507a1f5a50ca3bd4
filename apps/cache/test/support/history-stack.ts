import { BinanceRestClient, type KlineRange } from '@pds/exchange';
import { type Interval, intervalMs, type Kline, type MarketSymbol } from '@pds/market';
import { RedisKeys } from '@pds/redis';
import {
  deletePrefix,
  exchangeHistory,
  type RunningApp,
  SHARED_REDIS_URL,
  spawnApp,
  uniquePrefix,
} from '@pds/testing';
import { Redis } from 'ioredis';

export const SYMBOL: MarketSymbol = 'btcusdt';

export interface SimStats {
  readonly restRequests: number;
  readonly klinesRequests: number;
  readonly weightUsed: number;
  readonly rateLimited: number;
  readonly banned: number;
}

export interface Sim {
  readonly app: RunningApp;
  readonly restUrl: string;
  readonly wsUrl: string;
  post<T>(path: string, body?: object): Promise<T>;
  stats(): Promise<SimStats>;
  /** The simulator's REST answer, turned into klines exactly as libs/exchange does (counts as a request). */
  klines(interval: Interval, range: KlineRange): Promise<readonly Kline[]>;
  /** Every kline with openTime in [from, to], page by page. */
  history(interval: Interval, from: number, to: number): Promise<Kline[]>;
}

export async function startSim(env: Record<string, string> = {}): Promise<Sim> {
  const app = await spawnApp('exchange-sim', { SIM_SEED: '7', SIM_TRADES_PER_SECOND: '0', ...env });
  const restUrl = `http://127.0.0.1:${app.port}`;
  const rest = new BinanceRestClient({ baseUrl: restUrl });
  const post = async <T>(path: string, body: object = {}): Promise<T> => {
    const response = await fetch(`${restUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const klines: Sim['klines'] = async (interval, range) =>
    (await rest.fetchKlines(SYMBOL, interval, range)).klines;
  const history: Sim['history'] = (interval, from, to) =>
    exchangeHistory(restUrl, SYMBOL, interval, from, to);
  return {
    app,
    restUrl,
    wsUrl: `ws://127.0.0.1:${app.port}`,
    post,
    stats: async () => (await (await fetch(`${restUrl}/sim/stats`)).json()) as SimStats,
    klines,
    history,
  };
}

export function startCache(prefix: string, sim: Sim, env: Record<string, string> = {}): Promise<RunningApp> {
  return spawnApp('cache', {
    REDIS_URL: SHARED_REDIS_URL,
    REDIS_PREFIX: prefix,
    EXCHANGE_REST_URL: sim.restUrl,
    ...env,
  });
}

export function startIngestor(
  prefix: string,
  sim: Sim,
  env: Record<string, string> = {},
): Promise<RunningApp> {
  return spawnApp('ingestor', {
    REDIS_URL: SHARED_REDIS_URL,
    REDIS_PREFIX: prefix,
    EXCHANGE_WS_URL: sim.wsUrl,
    EXCHANGE_REST_URL: sim.restUrl,
    RECONNECT_INITIAL_MS: '50',
    RECONNECT_MAX_MS: '500',
    ...env,
  });
}

export interface Span {
  readonly from: number;
  readonly to: number;
}

/** A key prefix of the test file's own on the shared Redis, with readers of the stored history. */
export class HistoryStore {
  readonly prefix: string;
  readonly keys: RedisKeys;
  readonly redis = new Redis(SHARED_REDIS_URL);

  constructor(label: string) {
    this.prefix = uniquePrefix(label);
    this.keys = new RedisKeys(this.prefix);
  }

  async closed(interval: Interval): Promise<{ score: number; kline: Kline }[]> {
    const flat = await this.redis.zrangebyscore(
      this.keys.closedKlines(SYMBOL, interval),
      '-inf',
      '+inf',
      'WITHSCORES',
    );
    const members: { score: number; kline: Kline }[] = [];
    for (let index = 0; index < flat.length; index += 2) {
      members.push({ kline: JSON.parse(flat[index] ?? '') as Kline, score: Number(flat[index + 1]) });
    }
    return members;
  }

  async coverage(interval: Interval): Promise<Span[]> {
    const flat = await this.redis.zrangebyscore(
      this.keys.coverage(SYMBOL, interval),
      '-inf',
      '+inf',
      'WITHSCORES',
    );
    const spans: Span[] = [];
    for (let index = 0; index < flat.length; index += 2) {
      spans.push({ from: Number(flat[index + 1]), to: Number(flat[index]) });
    }
    return spans;
  }

  async close(): Promise<void> {
    await deletePrefix(this.redis, this.prefix);
    await this.redis.quit();
  }
}

export function isMsg(msg: string, fields: Record<string, unknown> = {}) {
  return (entry: Record<string, unknown>): boolean =>
    entry.msg === msg && Object.entries(fields).every(([key, value]) => entry[key] === value);
}

/** Open times step by exactly one interval, ascending. */
export function expectContiguous(openTimes: readonly number[], interval: Interval): void {
  const steps = new Set(openTimes.slice(1).map((time, index) => time - (openTimes[index] ?? 0)));
  expect([...steps]).toEqual(openTimes.length > 1 ? [intervalMs(interval)] : []);
}

/** Aligned read-through page (as the gateway computes it) holding `time`. */
export function pageOf(time: number, interval: Interval): Span {
  const size = 1000 * intervalMs(interval);
  const from = Math.floor(time / size) * size;
  return { from, to: from + size - intervalMs(interval) };
}
