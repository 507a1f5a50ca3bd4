import { DEFAULT_SYMBOL, type Interval, type Kline, type MarketSymbol, type Price } from '@pds/market';
import type { RedisClient, RedisKeys } from '@pds/redis';
import { splitSource } from '@pds/redis/sourced-record';

/** A closed kline as stored: the sorted-set score (its open time) and the member. */
export interface StoredKline {
  readonly score: number;
  readonly kline: Kline;
}

/** Every closed kline of `interval` in Redis, ascending by score, as stored. */
export async function storedClosedKlines(
  redis: RedisClient,
  keys: RedisKeys,
  interval: Interval,
  symbol: MarketSymbol = DEFAULT_SYMBOL,
): Promise<StoredKline[]> {
  const flat = await redis.zrangebyscore(keys.closedKlines(symbol, interval), '-inf', '+inf', 'WITHSCORES');
  const stored: StoredKline[] = [];
  for (let index = 0; index < flat.length; index += 2) {
    stored.push({ kline: JSON.parse(flat[index] ?? '') as Kline, score: Number(flat[index + 1]) });
  }
  return stored;
}

/** The latest price in Redis, if any (without the exchange stored with it). */
export async function storedPrice(
  redis: RedisClient,
  keys: RedisKeys,
  symbol: MarketSymbol = DEFAULT_SYMBOL,
): Promise<Price | undefined> {
  const value = await redis.get(keys.latestPrice(symbol));
  return value === null ? undefined : (JSON.parse(splitSource(value).json) as Price);
}
