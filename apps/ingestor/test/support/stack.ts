import { INTERVALS, type Interval, type Kline, type MarketSymbol, type Price } from '@pds/market';
import { RedisKeys } from '@pds/redis/redis-keys';
import { splitSource } from '@pds/redis/sourced-record';
import {
  deletePrefix,
  type RunningApp,
  type Sim,
  spawnIngestor,
  startExchangeSim,
  storedClosedKlines,
  type StoredKline,
  storedPrice,
  testRedis,
  uniquePrefix,
} from '@pds/testing';

export const SYMBOL: MarketSymbol = 'btcusdt';

export type { Sim } from '@pds/testing';
export { eventually, isMsg } from '@pds/testing';

/** The exchange simulator with no background trades: only the trades a test injects happen. */
export function startSim(env: Record<string, string> = {}): Promise<Sim> {
  return startExchangeSim({ SIM_KLINE_PUSH_MS: '500', SIM_SHUTDOWN_GRACE_MS: '5000', ...env });
}

export function startIngestor(
  prefix: string,
  sim: Sim,
  env: Record<string, string> = {},
): Promise<RunningApp> {
  return spawnIngestor({ redisEnv: testRedis().env, prefix }, sim, { STATS_LOG_MS: '200', ...env });
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
    return storedPrice(this.redis, this.keys);
  }

  async rawPrice(): Promise<string | null> {
    return this.redis.get(this.keys.latestPrice(SYMBOL));
  }

  async openKline(interval: Interval): Promise<Kline | undefined> {
    const value = await this.redis.get(this.keys.openKline(SYMBOL, interval));
    return value === null ? undefined : (JSON.parse(splitSource(value).json) as Kline);
  }

  async openKlines(): Promise<Map<Interval, Kline | undefined>> {
    const klines = await Promise.all(INTERVALS.map((interval) => this.openKline(interval)));
    return new Map(INTERVALS.map((interval, index) => [interval, klines[index]]));
  }

  async closedKlines(interval: Interval): Promise<StoredKline[]> {
    return storedClosedKlines(this.redis, this.keys, interval);
  }

  async close(): Promise<void> {
    await deletePrefix(this.redis, this.prefix);
    await this.redis.quit();
  }
}
