import { readFileSync } from 'node:fs';
import { loadEnvironment, RedisEnvironment } from '@pds/config';
import {
  createRedis,
  FixedWindowCounter,
  type RedisClient,
  RedisKeys,
  RedisScripts,
  untilReady,
} from '@pds/redis';
import Fastify, { type FastifyReply } from 'fastify';
import { exitOnTerm } from './exit-on-term';
import {
  type ApiKeyAccount,
  ApiKeyCache,
  ApiKeyStore,
  hashApiKey,
  HitTargets,
  retryAfterSeconds,
} from '../apps/gateway/src';

const WINDOW_MS = 60_000;
const KEY_CACHE_TTL_MS = 5_000;
/** Each path's rate-limit bucket, as the gateway names it. */
const BUCKETS: Readonly<Record<string, string>> = {
  '/api/v1/prices/current': 'getCurrentPrice',
  '/api/v1/prices/klines': 'getKlines',
};

/** The gateway's key lookup (same hash, same 5 s cache) and its shared limit, nothing else. */
class KeyLimit {
  private readonly cache = new ApiKeyCache(KEY_CACHE_TTL_MS);
  private readonly store: ApiKeyStore;
  private readonly counter: FixedWindowCounter;
  private readonly targets: HitTargets;

  constructor(redis: RedisClient, keys: RedisKeys) {
    this.store = new ApiKeyStore(redis, keys);
    this.targets = new HitTargets(keys);
    this.counter = new FixedWindowCounter(new RedisScripts(redis), redis);
  }

  /** True when the request may go on; otherwise the 401 or 429 is sent. */
  async admit(bucket: string, key: unknown, reply: FastifyReply): Promise<boolean> {
    const found = typeof key === 'string' ? await this.account(key) : undefined;
    if (!found) {
      await reply.code(401).send({ code: 'UNAUTHORIZED', message: 'Invalid API key' });
      return false;
    }
    const { id } = found.record;
    const limit = found.record.requestsPerMinute ?? 40;
    const { windowKey, tally } = this.targets.of(found, id, bucket, limit, Date.now());
    const count = await this.counter.meter(windowKey, WINDOW_MS, limit, tally);
    const seconds = retryAfterSeconds(count.msLeft);
    void reply.header('X-RateLimit-Limit', limit);
    void reply.header('X-RateLimit-Remaining', Math.max(0, limit - count.hits));
    void reply.header('X-RateLimit-Reset', seconds);
    if (count.hits <= limit) return true;
    await reply.code(429).header('Retry-After', seconds).send({ code: 'RATE_LIMIT_EXCEEDED', message: '' });
    return false;
  }

  private async account(key: string): Promise<ApiKeyAccount | undefined> {
    const keyHash = hashApiKey(key);
    const cached = this.cache.get(keyHash);
    if (cached) return cached;
    const generation = this.cache.generation;
    const record = await this.store.findByHash(keyHash);
    if (!record) return undefined;
    const found = { record, boosts: [] };
    this.cache.set(keyHash, found, generation);
    return found;
  }
}

/**
 * The floor an exact shared limit sets: bare Fastify plus what the limit itself must cost, built
 * from the gateway's own pieces. The key's SHA-256 looked up in the same 5 s cache (Redis on a
 * miss), and one hit on the key's window metered by the same FixedWindowCounter (a batched script
 * call per event-loop turn, the usage tally riding on it, and for a busy key with a high limit, as
 * the bench's keys are, hits allotted ahead), with the X-RateLimit-* headers. No
 * Nest, no validation, no deadline. Env: BODIES_FILE as bare Fastify's, REDIS_URL, REDIS_PREFIX.
 */
async function main(): Promise<void> {
  exitOnTerm();
  const bodies = JSON.parse(readFileSync(process.env.BODIES_FILE ?? '', 'utf8')) as Record<string, string>;
  const redis = createRedis(loadEnvironment(RedisEnvironment), { connectionName: 'bench-limit' });
  await untilReady(redis, 2000);
  const limit = new KeyLimit(redis, new RedisKeys(process.env.REDIS_PREFIX ?? ''));
  const app = Fastify({ logger: false });
  for (const [path, body] of Object.entries(bodies)) {
    const bucket = BUCKETS[path] ?? path;
    app.get(path, async (request, reply) => {
      if (!(await limit.admit(bucket, request.headers['x-api-key'], reply))) return reply;
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ msg: 'ready', port: Number(new URL(address).port) })}\n`);
}

void main();
