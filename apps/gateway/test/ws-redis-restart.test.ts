import {
  CURRENT_KLINE,
  KLINES,
  PRICE,
  redisAt,
  type RedisServer,
  type RunningApp,
  startRedisServer,
} from '@pds/testing';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { eventually, type Sim, startIngestor, startSim } from './support/live-market';
import { seedMarket } from './support/market-fixture';
import { connect, nextLog, type StreamClient, wsUrl } from './support/ws-client';

type Frame = Record<string, unknown>;

/**
 * Acceptance 4 of issue 5: Redis restarted under connected clients. Their sockets stay open; once
 * Redis is back each gets a fresh snapshot, then updates again. The ingestor is stopped during the
 * outage and the market restored by hand, so the first frame after it can only be a snapshot (the
 * restored values are never published).
 */
describe('WebSocket streams across a Redis restart', () => {
  let server: RedisServer;
  let harness: GatewayHarness;
  let sim: Sim;
  let ingestor: RunningApp;
  let gateway: RunningApp;
  let key: string;
  let keyId: string;
  let redisDown = false;
  const clients: StreamClient[] = [];

  const url = (path: string, query: Record<string, string> = {}) =>
    wsUrl(harness.url(), path, { apiKey: key, ...query });
  const http = async (path: string, query: Record<string, string> = {}) =>
    (await getJson(url(path, query).replace(/^ws/, 'http'))).body as Frame;

  beforeAll(async () => {
    server = await startRedisServer();
    harness = await gatewayHarness('ws-restart', redisAt(server.url));
    sim = await startSim();
    ingestor = await startIngestor(harness.prefix, sim, harness.redisEnv);
    ({ key, id: keyId } = await harness.createKey({ wsConnections: 5, requestsPerMinute: 10_000 }));
    gateway = await harness.startGateway({ WS_LEASE_TTL_MS: '3000' });
    await sim.trade('97000.10', '0.5');
    // Every stream's snapshot must exist before the clients connect (else 1013 SERVICE_UNAVAILABLE).
    await eventually(async () => {
      const response = await getJson(url(CURRENT_KLINE, { interval: '1m' }).replace(/^ws/, 'http'));
      return response.status === 200 ? true : undefined;
    }, 'market data');
  });

  afterAll(async () => {
    // A failure during the outage must not leave every later step waiting for Redis.
    if (redisDown) await server.start();
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await ingestor.stop();
    await sim.app.stop();
    await harness.close();
    await server.stop();
  });

  it('should keep sockets open, send a fresh snapshot when Redis is back, then updates again', async () => {
    const opened = await Promise.all([
      connect(url(PRICE)),
      connect(url(CURRENT_KLINE, { interval: '1m' })),
      connect(url(KLINES, { interval: '1m' })),
    ]);
    const [price, current, klines] = opened.map((o) => o.client) as [
      StreamClient,
      StreamClient,
      StreamClient,
    ];
    clients.push(price, current, klines);
    await sim.trade('97001.00', '0.1');
    await price.take((f) => f.price === '97001.00000000', 'an update before the outage');

    await ingestor.stop();
    const noticed = nextLog(gateway, (entry) => entry.msg === 'ws-lease-renewal-failed');
    redisDown = true;
    await server.stop();
    await noticed;
    // Redis is gone; the sockets are not.
    await Promise.all([price, current, klines].map((client) => client.roundTrip()));

    await server.start();
    redisDown = false;
    const fixture = await seedMarket(harness.redis, harness.keys);
    await harness.createKey({ wsConnections: 5, requestsPerMinute: 10_000 }, key);
    expect(await price.take((f) => f.price === fixture.price.price, 'the restored price')).toEqual(
      fixture.price,
    );
    expect(await current.take((f) => f.openTime === fixture.open.openTime, 'the restored kline')).toEqual(
      fixture.open,
    );
    const snapshot = await klines.take((f) => (f.klines as Frame[]).length > 1, 'the restored klines');
    expect(snapshot).toEqual(await http(KLINES, { interval: '1m' }));
    // The gateway took its connections' slots again in the empty Redis.
    await eventually(async () => {
      const held = await harness.redis.zcard(harness.keys.wsConnections(keyId, 'getCurrentPrice'));
      return held === 1 ? true : undefined;
    }, 'the restored lease');

    ingestor = await startIngestor(harness.prefix, sim, harness.redisEnv);
    await sim.trade('97002.00', '0.1');
    await price.take((f) => f.price === '97002.00000000', 'an update after the outage');
    await current.take((f) => f.close === '97002.00000000', 'a kline update after the outage');
    await klines.take((f) => (f.klines as Frame[]).some((k) => k.close === '97002.00000000'), 'a delta');
    expect([price, current, klines].map((client) => client.closeInfo)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
