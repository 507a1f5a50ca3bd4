import type { MarketSymbol } from '@pds/market';
import type { RedisClient } from './redis-connection';
import type { RedisKeys } from './redis-keys';

/** The exchange time (epoch ms) of the newest event any ingestor leader wrote, if any. */
export async function readLastEventTime(
  redis: RedisClient,
  keys: RedisKeys,
  symbol: MarketSymbol,
): Promise<number | undefined> {
  const value = await redis.get(keys.lastEventTime(symbol));
  return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
}
