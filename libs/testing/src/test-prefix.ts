import { randomBytes } from 'node:crypto';
import { keyHolders, type RedisClient } from '@pds/redis/redis-connection';

/** A key prefix of its own for each test file, so test files can share one Redis and run in parallel. */
export function uniquePrefix(label: string): string {
  return `test-${label}-${randomBytes(4).toString('hex')}`;
}

/** Every key matching `pattern`, on every master of a Cluster (SCAN sees one server only). */
export async function scanKeys(redis: RedisClient, pattern: string): Promise<string[]> {
  // A Cluster knows its masters once connected; the PING waits for that (commands are queued).
  await redis.ping();
  const found: string[] = [];
  for (const server of keyHolders(redis)) {
    let cursor = '0';
    do {
      const [next, keys] = await server.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      found.push(...keys);
    } while (cursor !== '0');
  }
  return found;
}

/** Deletes every key under `prefix` (market keys are `prefix:{…}:…`, queues `{prefix:queues}:…`). */
export async function deletePrefix(redis: RedisClient, prefix: string): Promise<void> {
  const keys = [...(await scanKeys(redis, `${prefix}:*`)), ...(await scanKeys(redis, `{${prefix}:*`))];
  // One DEL per key (auto-pipelined): on a Cluster the keys are in many slots.
  await Promise.all(keys.map((key) => redis.del(key)));
}
