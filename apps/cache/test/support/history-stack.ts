import { type Interval, intervalMs, type MarketSymbol } from '@pds/market';
import { RedisKeys } from '@pds/redis/redis-keys';
import {
  deletePrefix,
  type RunningApp,
  type Sim,
  spawnCache,
  spawnIngestor,
  startExchangeSim,
  storedClosedKlines,
  type StoredKline,
  testRedis,
  uniquePrefix,
  UNHURRIED_REDIS,
} from '@pds/testing';

export const SYMBOL: MarketSymbol = 'btcusdt';

export type { Sim, SimStats } from '@pds/testing';
export { isMsg } from '@pds/testing';

export function startSim(env: Record<string, string> = {}): Promise<Sim> {
  return startExchangeSim({ SIM_SEED: '7', ...env });
}

/**
 * These suites count what each job wrote. A save of 1,000 klines that outlasts the shipped 1 s
 * command timeout on a loaded machine still lands, and its retry finds the klines stored and counts
 * none (in CI the warm-up's 9,000 counted 0; a 50 ms bound beside four busy loops does the same), so
 * the workers here get an unhurried bound.
 */
export function startCache(prefix: string, sim: Sim, env: Record<string, string> = {}): Promise<RunningApp> {
  return spawnCache({ redisEnv: testRedis().env, prefix }, sim, { ...UNHURRIED_REDIS, ...env });
}

export function startIngestor(
  prefix: string,
  sim: Sim,
  env: Record<string, string> = {},
): Promise<RunningApp> {
  return spawnIngestor({ redisEnv: testRedis().env, prefix }, sim, env);
}

export interface Span {
  readonly from: number;
  readonly to: number;
}

/** A key prefix of the test file's own on the test run's Redis, with readers of the stored history. */
export class HistoryStore {
  readonly prefix: string;
  readonly keys: RedisKeys;
  readonly redis = testRedis().connect('test-history-store');

  constructor(label: string) {
    this.prefix = uniquePrefix(label);
    this.keys = new RedisKeys(this.prefix);
  }

  async closed(interval: Interval): Promise<StoredKline[]> {
    return storedClosedKlines(this.redis, this.keys, interval);
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
