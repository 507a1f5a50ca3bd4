import type { RedisClient } from '@pds/redis';
import { scanKeys } from '@pds/testing';

async function contentOf(redis: RedisClient, key: string): Promise<string[]> {
  const type = await redis.type(key);
  switch (type) {
    case 'string':
      return [(await redis.get(key)) ?? ''];
    case 'hash':
      return Object.entries(await redis.hgetall(key)).flat();
    case 'set':
      return redis.smembers(key);
    case 'zset':
      return redis.zrangebyscore(key, '-inf', '+inf', 'WITHSCORES');
    case 'list':
      return redis.lrange(key, 0, -1);
    case 'stream': {
      const entries = await redis.xrange(key, '-', '+');
      return entries.flatMap(([id, fields]) => [id, ...fields]);
    }
    default:
      throw new Error(`${key} has type ${type}, which this dump does not read`);
  }
}

/** Every key under the prefix (also the hash-tagged queue keys) with everything stored in it. */
export async function dumpPrefix(redis: RedisClient, prefix: string): Promise<Map<string, string[]>> {
  const keys = [...(await scanKeys(redis, `${prefix}:*`)), ...(await scanKeys(redis, `{${prefix}:*`))];
  const dump = new Map<string, string[]>();
  for (const key of keys) dump.set(key, await contentOf(redis, key));
  return dump;
}
