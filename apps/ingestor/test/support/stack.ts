import { INTERVALS, type Interval, type Kline, type MarketSymbol, type Price } from '@pds/market';
import { RedisKeys } from '@pds/redis';
import { deletePrefix, type RunningApp, spawnApp, testRedis, uniquePrefix } from '@pds/testing';

export const SYMBOL: MarketSymbol = 'btcusdt';

export interface Sim {
  readonly app: RunningApp;
  readonly wsUrl: string;
  readonly restUrl: string;
  post<T>(path: string, body?: object): Promise<T>;
  trade(price: string, qty: string): Promise<{ id: number; time: number }>;
}

/** The exchange simulator with no background trades: only the trades a test injects happen. */
export async function startSim(env: Record<string, string> = {}): Promise<Sim> {
  const app = await spawnApp('exchange-sim', {
    SIM_SEED: '1',
    SIM_TRADES_PER_SECOND: '0',
    SIM_KLINE_PUSH_MS: '500',
    SIM_SHUTDOWN_GRACE_MS: '5000',
    ...env,
  });
  const restUrl = `http://127.0.0.1:${app.port}`;
  const post = async <T>(path: string, body: object = {}): Promise<T> => {
    const response = await fetch(`${restUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    app,
    wsUrl: `ws://127.0.0.1:${app.port}`,
    restUrl,
    post,
    trade: (price, qty) => post('/sim/trade', { price, qty }),
  };
}

export function startIngestor(
  prefix: string,
  sim: Sim,
  env: Record<string, string> = {},
): Promise<RunningApp> {
  return spawnApp('ingestor', {
    ...testRedis().env,
    REDIS_PREFIX: prefix,
    EXCHANGE_WS_URL: sim.wsUrl,
    EXCHANGE_REST_URL: sim.restUrl,
    STATS_LOG_MS: '200',
    RECONNECT_INITIAL_MS: '50',
    RECONNECT_MAX_MS: '500',
    ...env,
  });
}

/** A prefix of the test file's own on the test run's Redis, with typed readers of what the ingestor wrote. */
export class TestStore {
  readonly prefix: string;
  readonly keys: RedisKeys;
  readonly redis = testRedis().connect('test-store');

  constructor(label: string) {
    this.prefix = uniquePrefix(label);
    this.keys = new RedisKeys(this.prefix);
  }

  async price(): Promise<Price | undefined> {
    const value = await this.redis.get(this.keys.latestPrice(SYMBOL));
    return value === null ? undefined : (JSON.parse(value) as Price);
  }

  async rawPrice(): Promise<string | null> {
    return this.redis.get(this.keys.latestPrice(SYMBOL));
  }

  async openKline(interval: Interval): Promise<Kline | undefined> {
    const value = await this.redis.get(this.keys.openKline(SYMBOL, interval));
    return value === null ? undefined : (JSON.parse(value) as Kline);
  }

  async openKlines(): Promise<Map<Interval, Kline | undefined>> {
    const klines = await Promise.all(INTERVALS.map((interval) => this.openKline(interval)));
    return new Map(INTERVALS.map((interval, index) => [interval, klines[index]]));
  }

  async closedKlines(interval: Interval): Promise<{ score: number; kline: Kline }[]> {
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

  async close(): Promise<void> {
    await deletePrefix(this.redis, this.prefix);
    await this.redis.quit();
  }
}

/** Polls `probe` until it returns a value (not undefined); the ingestor's writes are asynchronous. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function isMsg(msg: string, fields: Record<string, unknown> = {}) {
  return (entry: Record<string, unknown>): boolean =>
    entry.msg === msg && Object.entries(fields).every(([key, value]) => entry[key] === value);
}
