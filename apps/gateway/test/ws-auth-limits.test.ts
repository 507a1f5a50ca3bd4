import { CURRENT_KLINE, KLINES, PRICE } from '@pds/testing';
import type { RunningApp } from '@pds/testing';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';
import { eventually } from './support/live-market';
import { seedMarket } from './support/market-fixture';
import { connect, nextLog, type StreamClient, wsUrl } from './support/ws-client';

const MISSING = {
  code: 'UNAUTHORIZED',
  message:
    'Missing API key: send it in the x-api-key header, as Authorization: Bearer <key>, or as the apiKey query parameter',
};
const INVALID = { code: 'UNAUTHORIZED', message: 'Invalid API key' };
const limitOf = (n: number) => ({
  code: 'RATE_LIMIT_EXCEEDED',
  message: `WebSocket connection limit of ${n} per operation exceeded`,
});
const SEEDED_PRICE = { price: '42050.12345678', time: '2024-01-01T00:10:30.123Z' };

/** Acceptance 2 of issue 5: authentication, validation and the cross-replica connection limit. */
describe('WebSocket authentication and connection limits (CONTRACT sections 4 to 6)', () => {
  let harness: GatewayHarness;
  let key: string;
  let keyId: string;
  let a: RunningApp;
  let b: RunningApp;
  const clients: StreamClient[] = [];

  const url = (gateway: RunningApp, path: string, query: Record<string, string> = {}) =>
    wsUrl(`http://127.0.0.1:${gateway.port}`, path, query);
  const open = async (
    gateway: RunningApp,
    path: string,
    query: Record<string, string> = {},
    headers = {},
  ) => {
    const opened = await connect(url(gateway, path, query), { headers });
    clients.push(opened.client);
    return opened;
  };
  const leases = (id: string, operation: string) =>
    harness.redis.zcard(harness.keys.wsConnections(id, operation));

  beforeAll(async () => {
    harness = await gatewayHarness('ws-auth');
    await seedMarket(harness.redis, harness.keys);
    ({ key, id: keyId } = await harness.createKey());
    [a, b] = await Promise.all([harness.startGateway(), harness.startGateway()]);
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await harness.close();
  });

  it.each([PRICE, KLINES, CURRENT_KLINE])(
    'should refuse %s without a key: error frame, then 4401',
    async (path) => {
      const { client, first } = await open(a, path, { interval: '1m' });
      expect(first).toEqual(MISSING);
      expect(await client.closedWithin()).toEqual({ code: 4401, reason: 'UNAUTHORIZED' });
      expect(client.frames).toHaveLength(1);
    },
  );

  it('should refuse an invalid key with 4401', async () => {
    const { client, first } = await open(a, PRICE, { apiKey: 'pds_not-a-key' });
    expect(first).toEqual(INVALID);
    expect(await client.closedWithin()).toEqual({ code: 4401, reason: 'UNAUTHORIZED' });
  });

  it('should accept the key in either header as well as in the query', async () => {
    const viaHeader = await open(a, PRICE, {}, { 'x-api-key': key });
    expect(viaHeader.first).toEqual(SEEDED_PRICE);
    const viaBearer = await open(a, CURRENT_KLINE, { interval: '1m' }, { authorization: `Bearer ${key}` });
    expect(viaBearer.first).toMatchObject({ isClosed: false });
    await Promise.all([viaHeader.client.close(), viaBearer.client.close()]);
  });

  it('should refuse a bad query with the validation frame and 4400', async () => {
    const { client, first } = await open(a, CURRENT_KLINE, { apiKey: key, interval: '2m' });
    expect(first).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'interval must be one of the following values: 1m, 5m, 15m, 30m, 1h, 4h, 6h, 12h, 1d',
    });
    expect(await client.closedWithin()).toEqual({ code: 4400, reason: 'VALIDATION_ERROR' });
    const repeated = await connect(`${url(a, KLINES, { apiKey: key, interval: '1m' })}&limit=5&limit=6`);
    clients.push(repeated.client);
    expect(repeated.first).toEqual({ code: 'VALIDATION_ERROR', message: 'limit must be given once' });
    expect((await repeated.client.closedWithin()).code).toBe(4400);
  });

  it('should refuse a third connection of one key on one operation across two gateways with 4429', async () => {
    const first = await open(a, PRICE, { apiKey: key });
    const second = await open(b, PRICE, { apiKey: key });
    expect([first.first, second.first]).toEqual([SEEDED_PRICE, SEEDED_PRICE]);
    expect(await leases(keyId, 'getCurrentPrice')).toBe(2);

    for (const gateway of [a, b]) {
      const third = await open(gateway, PRICE, { apiKey: key });
      expect(third.first).toEqual(limitOf(2));
      expect(await third.client.closedWithin()).toEqual({ code: 4429, reason: 'RATE_LIMIT_EXCEEDED' });
    }
    // The limit is checked before validation, as on HTTP: a third, invalid one gets 4429.
    const klinesA = await open(a, KLINES, { apiKey: key, interval: '1m' });
    const klinesB = await open(b, KLINES, { apiKey: key, interval: '1m' });
    const third = await open(a, KLINES, { apiKey: key, interval: 'nope' });
    expect([Array.isArray(klinesA.first.klines), Array.isArray(klinesB.first.klines)]).toEqual([true, true]);
    expect(third.first).toEqual(limitOf(2));
    // Another operation has its own two slots.
    const other = await open(b, CURRENT_KLINE, { apiKey: key, interval: '1m' });
    expect(other.first).toMatchObject({ isClosed: false });

    // The gateway logs the close once the lease is released.
    const released = nextLog(
      a,
      (entry) => entry.msg === 'ws-close' && entry.route === PRICE && entry.code === 1000,
    );
    await first.client.close();
    await released;
    const replacement = await open(b, PRICE, { apiKey: key });
    expect(replacement.first).toEqual(SEEDED_PRICE);
    for (const client of [second, replacement, klinesA, klinesB, other]) await client.client.close();
    await eventually(
      async () => ((await leases(keyId, 'getCurrentPrice')) === 0 ? true : undefined),
      'released leases',
    );
  });

  it('should give a key with a higher limit more connections', async () => {
    const { key: bigKey } = await harness.createKey({ wsConnections: 3 });
    const opened = await Promise.all([a, b, a].map((gateway) => open(gateway, PRICE, { apiKey: bigKey })));
    expect(opened.map((o) => o.first)).toEqual([SEEDED_PRICE, SEEDED_PRICE, SEEDED_PRICE]);
    const fourth = await open(b, PRICE, { apiKey: bigKey });
    expect(fourth.first).toEqual(limitOf(3));
    await Promise.all(opened.map((o) => o.client.close()));
  });

  it('should free the slots of a gateway killed with -9 once its leases expire', async () => {
    const { key: crashKey, id: crashId } = await harness.createKey();
    const doomed = await harness.startGateway({ WS_LEASE_TTL_MS: '3000' });
    const held = await Promise.all([
      open(doomed, PRICE, { apiKey: crashKey }),
      open(doomed, PRICE, { apiKey: crashKey }),
    ]);
    expect(held.map((h) => h.first)).toEqual([SEEDED_PRICE, SEEDED_PRICE]);
    expect((await open(a, PRICE, { apiKey: crashKey })).first).toEqual(limitOf(2));

    await doomed.stop('SIGKILL');
    await Promise.all(held.map((h) => h.client.closedWithin()));
    expect(await leases(crashId, 'getCurrentPrice')).toBe(2);
    // No event marks a lease's expiry: retry (each attempt a real connection) within the 30 s bound.
    const deadline = Date.now() + 30_000;
    const accepted: StreamClient[] = [];
    while (accepted.length < 2 && Date.now() < deadline) {
      const attempt = await open(accepted.length === 0 ? a : b, PRICE, { apiKey: crashKey });
      if (attempt.first.price === SEEDED_PRICE.price) accepted.push(attempt.client);
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(accepted).toHaveLength(2);
  });
});
