import type { Kline } from '@pds/market';
import { redisAt, type RedisServer, startRedisServer } from '@pds/testing';
import { until } from './support/admin-api';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { fixtureKline, type MarketFixture, seedMarket } from './support/market-fixture';

/**
 * Commands that read market data (also when a script calls them); the rate limit uses none for a key
 * limited below the leasing threshold (6,000 a minute), whose hits the script counts without a GET.
 */
const MARKET_READS = /^cmdstat_(get|zrange|zrangebyscore|zrevrangebyscore):calls=(\d+)/gm;

const KLINES = '/api/v1/prices/klines?interval=1m&limit=5';
/** As many closed klines as the mirror keeps: the read-through then needs no coverage lookup. */
const CLOSED = 1000;

describe('the in-memory mirror of the newest market data (private Redis)', () => {
  let server: RedisServer;
  let harness: GatewayHarness;
  let fixture: MarketFixture;
  let headers: Record<string, string>;

  beforeAll(async () => {
    server = await startRedisServer();
    harness = await gatewayHarness('mirror', redisAt(server.url));
    fixture = await seedMarket(harness.redis, harness.keys, CLOSED);
    const { key } = await harness.createKey({ requestsPerMinute: 5_000 });
    headers = { 'x-api-key': key };
    await harness.startGateway();
  });

  afterAll(async () => {
    await harness.close();
    await server.stop();
  });

  const marketReads = async (): Promise<number> => {
    const stats = await harness.redis.info('commandstats');
    return [...stats.matchAll(MARKET_READS)].reduce((sum, match) => sum + Number(match[2]), 0);
  };
  const body = async (path: string): Promise<unknown> => {
    const response = await getJson(`${harness.url()}${path}`, headers);
    expect(response.status).toBe(200);
    return response.body;
  };
  const klines = async (): Promise<Kline[]> => ((await body(KLINES)) as { klines: Kline[] }).klines;
  const answered = async (kline: Kline): Promise<Kline | undefined> =>
    (await klines()).find((each) => each.openTime === kline.openTime);
  /** Until a request costs no market read: the mirror is seeded and answers. */
  const servedFromMemory = () =>
    until(
      async () => {
        const before = await marketReads();
        await body(KLINES);
        return (await marketReads()) - before;
      },
      (reads) => reads === 0,
      10_000,
      'getKlines answered without reading Redis',
    );

  it('should answer the three operations from memory, with what Redis holds', async () => {
    await servedFromMemory();
    const before = await marketReads();
    expect(await body('/api/v1/prices/current')).toEqual(fixture.price);
    expect(await body('/api/v1/prices/klines/current?interval=1m')).toEqual(fixture.open);
    expect(await klines()).toEqual([...fixture.closed.slice(-4), fixture.open]);
    const from = fixture.closed[3]?.openTime ?? '';
    expect(await body(`/api/v1/prices/klines?interval=1m&limit=2&from=${from}`)).toEqual({
      klines: fixture.closed.slice(3, 5),
    });
    expect(await marketReads()).toBe(before);
  });

  it('should follow the live feed: a rollover the ingestor publishes is answered at once, from memory', async () => {
    const closed = fixtureKline(CLOSED);
    const open = fixtureKline(CLOSED + 1, false);
    const before = await marketReads();
    const json = { closed: JSON.stringify(closed), open: JSON.stringify(open) };
    await harness.redis
      .multi()
      .zadd(harness.keys.closedKlines('btcusdt', '1m'), Date.parse(closed.openTime), json.closed)
      .set(harness.keys.openKline('btcusdt', '1m'), json.open)
      .publish(harness.keys.klineChannel('btcusdt', '1m'), json.closed)
      .publish(harness.keys.klineChannel('btcusdt', '1m'), json.open)
      .exec();
    const expected = [...fixture.closed.slice(-3), closed, open];
    await until(klines, (answer) => JSON.stringify(answer) === JSON.stringify(expected), 5_000, 'rollover');
    expect(await marketReads()).toBe(before);
  });

  /** Replaces a stored closed 1m kline in one step, announcing the rewrite or not. */
  const replaceClosed = async (kline: Kline, { announce }: { announce: boolean }): Promise<void> => {
    const key = harness.keys.closedKlines('btcusdt', '1m');
    const score = Date.parse(kline.openTime);
    const step = harness.redis
      .multi()
      .zremrangebyscore(key, score, score)
      .zadd(key, score, JSON.stringify(kline));
    if (announce) step.publish(harness.keys.historyChannel('btcusdt'), '1m');
    await step.exec();
  };

  it('should read an interval again when the cache workers rewrite its history', async () => {
    const corrected = { ...fixtureKline(CLOSED - 2), close: '1.00000000' };
    // As the cache workers' store script does: replace the member, then announce the interval.
    await replaceClosed(corrected, { announce: true });
    await until(
      () => answered(corrected),
      (kline) => kline?.close === corrected.close,
      5_000,
      'the rewritten kline',
    );
    await servedFromMemory();
    expect(await answered(corrected)).toEqual(corrected);
  });

  it('should read everything again after its subscriber lost the connection', async () => {
    const corrected = { ...fixtureKline(CLOSED - 3), close: '2.00000000' };
    // Written while nothing announces it, as a restore would.
    await replaceClosed(corrected, { announce: false });
    const clients = await harness.redis.client('LIST');
    const subscriber = /id=(\d+) .*name=gateway-subscriber/.exec(String(clients))?.[1];
    expect(subscriber).toBeDefined();
    await harness.redis.client('KILL', 'ID', subscriber ?? '');
    await until(
      () => answered(corrected),
      (kline) => kline?.close === corrected.close,
      5_000,
      'the restored kline',
    );
    await servedFromMemory();
    expect(await answered(corrected)).toEqual(corrected);
  });
});
