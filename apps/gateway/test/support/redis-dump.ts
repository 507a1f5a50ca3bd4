import type { Redis } from 'ioredis';

async function scanAll(redis: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    found.push(...keys);
  } while (cursor !== '0');
  return found;
}

async function contentOf(redis: Redis, key: string): Promise<string[]> {
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
export async function dumpPrefix(redis: Redis, prefix: string): Promise<Map<string, string[]>> {
  const keys = [...(await scanAll(redis, `${prefix}:*`)), ...(await scanAll(redis, `{${prefix}:*`))];
  const dump = new Map<string, string[]>();
  for (const key of keys) dump.set(key, await contentOf(redis, key));
  return dump;
}
