import { type RedisClient } from '@pds/redis';
import { eventually, redisAt, type RedisServer, startRedisServer } from '@pds/testing';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';
import {
  type Answer,
  expectStorageUnavailable,
  getWithKey,
  PRICE_OPERATIONS,
  readinessFailure,
} from './support/storage-answers';

/** Keys written to make the append-only file large enough to be seen loading. */
const FILLER_KEYS = 20_000;
/** Each key loads this many microseconds more slowly, so the loading lasts seconds on any machine. */
const KEY_LOAD_DELAY_US = '200';

async function fill(redis: RedisClient, prefix: string): Promise<void> {
  const write = redis.pipeline();
  for (let index = 0; index < FILLER_KEYS; index += 1)
    write.set(`${prefix}:filler:${index}`, 'x'.repeat(100));
  await write.exec();
}

describe('Redis refusing for a while: a replica (READONLY) and a restart that loads (LOADING)', () => {
  let master: RedisServer;
  let replica: RedisServer;
  let harness: GatewayHarness;
  let key: string;

  beforeAll(async () => {
    master = await startRedisServer({
      appendOnly: true,
      extraArguments: ['--key-load-delay', KEY_LOAD_DELAY_US, '--appendfsync', 'no'],
    });
    replica = await startRedisServer();
    harness = await gatewayHarness('redis-refusing', redisAt(master.url));
    await seedMarket(harness.redis, harness.keys);
    ({ key } = await harness.createKey({ requestsPerMinute: 10_000 }));
    await harness.startGateway();
  });

  afterAll(async () => {
    await harness.close();
    await Promise.all([master.dispose(), replica.dispose()]);
  });

  it('should answer 503, never 500, from a gateway pointed at a replica, and fail readiness naming it', async () => {
    const replicaClient = redisAt(replica.url).connect('test-replica');
    await replicaClient.replicaof('127.0.0.1', String(master.port));
    await eventually(
      async () =>
        (await replicaClient.get(harness.keys.latestPrice('btcusdt'))) !== null ? true : undefined,
      'the replica holding the market',
    );
    replicaClient.disconnect();
    const onReplica = await harness.startGateway({ REDIS_URL: replica.url });
    const url = `http://127.0.0.1:${onReplica.port}`;
    for (const path of PRICE_OPERATIONS) expectStorageUnavailable(await getWithKey(url, path, key));
    expect(await readinessFailure(url)).toBe(
      'Not ready: redis refuses writes: Redis refuses writes (it is a replica)',
    );
  });

  it('should answer 503, never 500, while Redis loads its append-only file, then serve again', async () => {
    await fill(harness.redis, harness.prefix);
    const url = harness.url();
    await master.stop();
    const restarted = master.start();
    const seen: Answer[] = [];
    const loading = await eventually(async () => {
      const message = await readinessFailure(url);
      seen.push(await getWithKey(url, PRICE_OPERATIONS[0] ?? '', key));
      return message === 'Not ready: redis is loading its data set' ? message : undefined;
    }, 'readiness naming the loading');
    expect(loading).toBeDefined();
    await restarted;
    await eventually(async () => {
      const answer = await getWithKey(url, PRICE_OPERATIONS[0] ?? '', key);
      seen.push(answer);
      return answer.status === 200 ? true : undefined;
    }, 'the gateway serving after the load');
    for (const answer of seen.filter((each) => each.status !== 200)) expectStorageUnavailable(answer);
    // The outage is two JSON lines, its start and its end, not one per failed request or reconnect.
    const output = harness.gateways[0]?.output ?? [];
    const events = output.map((line) => JSON.parse(line) as { msg: string; connection?: string });
    const outage = events.filter((event) => event.connection === 'gateway').map((event) => event.msg);
    expect(outage).toEqual(['redis-unavailable', 'redis-available']);
  });
});
