import type { RedisClient } from '../redis-connection';
import { storageRefusalOf } from '../refusals/storage-refusal';
import { evictingPolicy } from './eviction-policy';

/** The probe key lives this long: a crashed app leaves nothing behind for more than a moment. */
const PROBE_TTL_MS = 10_000;

export type RedisHealth = { readonly ok: true } | { readonly ok: false; readonly reason: string };

function reasonOf(error: unknown): string {
  const refusal = storageRefusalOf(error);
  if (refusal === undefined) {
    return `redis refused the readiness probe (${error instanceof Error ? error.message : String(error)})`;
  }
  if (refusal.code === 'unreachable') return 'redis is unreachable';
  if (refusal.code === 'LOADING') return 'redis is loading its data set';
  return `redis refuses writes: ${refusal.cause}`;
}

/**
 * Whether Redis can serve this app now: it takes a write (a key of the app's own with a short
 * expiry; a read would still answer while Redis is full or read-only), it is not loading (which
 * refuses the write too), and it does not evict keys.
 */
export async function checkRedisHealth(client: RedisClient, probeKey: string): Promise<RedisHealth> {
  try {
    await client.set(probeKey, String(Date.now()), 'PX', PROBE_TTL_MS);
    const policy = await evictingPolicy(client);
    if (policy !== undefined) {
      return { ok: false, reason: `redis evicts keys (maxmemory-policy ${policy}, not noeviction)` };
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}
