import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { promisify } from 'node:util';
import {
  builtEntryPoint,
  eventually,
  KLINES,
  readiness,
  redisAt,
  type RedisServer,
  type RunningApp,
  scrapeMetrics,
  spawnIngestor,
  startRedisServer,
} from '@pds/testing';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';
import {
  expectStorageUnavailable,
  getWithKey,
  PRICE_OPERATIONS,
  readinessFailure,
} from './support/storage-answers';

/** Used memory stays above this whatever the data set: every write is refused with OOM. */
const FULL = '1';
const KEYS_CLI = resolve(dirname(builtEntryPoint('gateway')), 'cli/keys.js');

/** Every closed kline of the seeded market and its open one. */
const HISTORY = `${KLINES}?interval=1m&limit=20`;

describe('Redis full under noeviction (maxmemory reached)', () => {
  let server: RedisServer;
  let harness: GatewayHarness;
  let key: string;
  let ingestor: RunningApp | undefined;

  beforeAll(async () => {
    server = await startRedisServer({ extraArguments: ['--maxmemory-policy', 'noeviction'] });
    harness = await gatewayHarness('redis-full', redisAt(server.url));
    await seedMarket(harness.redis, harness.keys);
    ({ key } = await harness.createKey({ requestsPerMinute: 10_000 }));
    await harness.startGateway();
    // Its exchange is never reached: only its readiness and its log are looked at. (A cache worker
    // would take charge of history and send the gateway's reads of 2024 to that exchange.)
    ingestor = await spawnIngestor(
      { redisEnv: harness.redisEnv, prefix: harness.prefix },
      { restUrl: 'http://127.0.0.1:9', wsUrl: 'ws://127.0.0.1:9' },
    );
  });

  afterAll(async () => {
    await ingestor?.stop();
    await harness.close();
    await server.dispose();
  });

  it('should answer 503 with Retry-After, never 500, fail readiness naming Redis, and recover by itself', async () => {
    const url = harness.url();
    const before = await getWithKey(url, HISTORY, key);
    expect(before.status).toBe(200);

    await harness.redis.config('SET', 'maxmemory', FULL);
    for (const path of PRICE_OPERATIONS) expectStorageUnavailable(await getWithKey(url, path, key));
    expect(await readinessFailure(url)).toBe(
      'Not ready: redis refuses writes: Redis is full (maxmemory reached)',
    );
    expect(harness.gateways[0]?.output.join('\n')).not.toContain('unhandled error');
    expect(await readiness(ingestor as RunningApp)).toMatchObject({
      status: 503,
      body: { ready: false, reason: 'redis refuses writes: Redis is full (maxmemory reached)' },
    });
    const metrics = await scrapeMetrics(harness.gateways[0] as RunningApp);
    expect(metrics.value('pds_redis_maxmemory_bytes')).toBe(Number(FULL));
    expect(metrics.value('pds_redis_memory_used_bytes')).toBeGreaterThan(Number(FULL));
    expect(metrics.value('pds_redis_memory_headroom_bytes')).toBeLessThan(0);
    const cli = await promisify(execFile)(process.execPath, [KEYS_CLI, 'create', '--name', 'when-full'], {
      env: { ...process.env, ...harness.redisEnv, REDIS_PREFIX: harness.prefix },
    }).then(
      () => ({ code: 0, stderr: '' }),
      // execFile's error carries the exit code and the output.
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(
      'cannot serve this now: Redis is full (maxmemory reached); nothing was changed',
    );

    await harness.redis.config('SET', 'maxmemory', '0');
    await eventually(
      async () => ((await getWithKey(url, PRICE_OPERATIONS[0] ?? '', key)).status === 200 ? true : undefined),
      'the gateway serving again once memory is freed',
    );
    expect(await readinessFailure(url)).toBeUndefined();
    // With Redis back the ingestor is ready again, though its exchange was never reached: readiness
    // is this process's health; the age of the stored data is only reported (CONTRACT section 8).
    expect(await readiness(ingestor as RunningApp)).toMatchObject({
      status: 200,
      body: { ready: true, redis: 'ok', exchange: { ageSeconds: expect.any(Number) as unknown } },
    });
    // Every line the worker printed through the outage is JSON (no raw stack from BullMQ).
    for (const line of ingestor?.output ?? []) expect(() => JSON.parse(line) as unknown).not.toThrow();
    // Nothing was evicted: the history served before the outage is served whole after it.
    expect(await getWithKey(url, HISTORY, key)).toEqual(before);
  });
});
