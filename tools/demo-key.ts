import type { RedisEnvironment } from '@pds/config';
import { createRedis, type RedisKeys } from '@pds/redis';
import { ApiKeyStore } from '../apps/gateway/src';

/**
 * The demo key of the local stack: DEMO_API_KEY when set (kept across restarts, created once),
 * otherwise a new random key.
 */
export async function ensureDemoKey(
  env: RedisEnvironment & { DEMO_API_KEY?: string },
  keys: RedisKeys,
): Promise<string> {
  const redis = createRedis(env, { connectionName: 'local-stack-demo-key', offlineQueue: true });
  try {
    const store = new ApiKeyStore(redis, keys);
    const wanted = env.DEMO_API_KEY;
    if (wanted) {
      const existing = await store.findByKey(wanted);
      if (existing && !existing.revokedAt) return wanted;
    }
    return (await store.create({ name: 'demo' }, wanted)).key;
  } finally {
    await redis.quit();
  }
}
