import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A key prefix of its own for each test file, so test files can share one Redis and run in parallel. */
export function uniquePrefix(label: string): string {
  return `test-${label}-${randomBytes(4).toString('hex')}`;
}

export const SHARED_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Deletes every key under `prefix` (market keys are `prefix:{…}:…`, queues `{prefix:queues}:…`). */
export async function deletePrefix(redis: Redis, prefix: string): Promise<void> {
  for (const pattern of [`${prefix}:*`, `{${prefix}:*`]) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  }
}
