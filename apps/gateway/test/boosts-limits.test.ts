import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { promisify } from 'node:util';
import { builtEntryPoint, PRICE, type RunningApp } from '@pds/testing';
import { ADMIN_TOKEN, adminApi, type CreatedKey, requestJson, until } from './support/admin-api';
import { gatewayHarness, type GatewayHarness, type JsonResponse } from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';
import { dumpPrefix } from './support/redis-dump';
import { connect, type StreamClient, wsUrl } from './support/ws-client';

const KLINE = '/api/v1/prices/klines/current?interval=1m';
const KEYS_CLI = resolve(dirname(builtEntryPoint('gateway')), 'cli/keys.js');
const sleepUntil = (time: number) => new Promise((done) => setTimeout(done, Math.max(0, time - Date.now())));

interface Limits {
  requestsPerMinute: number;
  wsConnections: number;
}

/** Issue 8, acceptance 1 and 2: boosts on two gateway processes, and no plaintext key in Redis. */
describe('boosts raise effective limits on every replica, and end by themselves', () => {
  let harness: GatewayHarness;
  let gateways: RunningApp[];
  const created: CreatedKey[] = [];
  const clients: StreamClient[] = [];
  const base = (gateway: RunningApp) => `http://127.0.0.1:${gateway.port}`;
  const createKey = async (body: Record<string, unknown>) => {
    const key = await adminApi(base(gateways[0]!)).createKey(body);
    created.push(key);
    return key;
  };
  const get = (gateway: RunningApp, path: string, key: string) =>
    requestJson('GET', `${base(gateway)}${path}`, { headers: { 'x-api-key': key } });
  /** Polls the owner view on every gateway until it shows `limits`, bounded by 5 s from `since`. */
  const limitsEverywhere = async (key: string, limits: Limits, since: number) => {
    const views: Record<string, unknown>[] = [];
    for (const gateway of gateways) {
      const view = await until(
        () => get(gateway, '/api/v1/api-keys/me', key),
        (response) =>
          JSON.stringify((response.body as { effectiveLimits?: Limits }).effectiveLimits) ===
          JSON.stringify(limits),
        5000 - (Date.now() - since),
        `limits ${JSON.stringify(limits)} on port ${gateway.port}`,
      );
      views.push(view.body as Record<string, unknown>);
    }
    return views;
  };
  const stream = async (gateway: RunningApp, key: string) => {
    const opened = await connect(wsUrl(base(gateway), PRICE, { apiKey: key }));
    clients.push(opened.client);
    return opened;
  };
  const leases = (id: string) => harness.redis.zcard(harness.keys.wsConnections(id, 'getCurrentPrice'));

  beforeAll(async () => {
    harness = await gatewayHarness('boosts');
    await seedMarket(harness.redis, harness.keys);
    gateways = await Promise.all([
      harness.startGateway({ ADMIN_TOKEN }),
      harness.startGateway({ ADMIN_TOKEN }),
    ]);
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await harness.close();
  });

  it('should raise a key’s REST limit on both gateways within 5 s, and let it fall back at expiry', async () => {
    const [a, b] = gateways as [RunningApp, RunningApp];
    const { id, key } = await createKey({ name: 'rest', requestsPerMinute: 2 });
    const granted = await adminApi(base(a)).grant(id, { extraRequestsPerMinute: 3, expiresInSeconds: 6 });
    expect(granted.status).toBe(201);
    const expiresAt = Date.parse((granted.body as { expiresAt: string }).expiresAt);
    await limitsEverywhere(key, { requestsPerMinute: 5, wsConnections: 2 }, Date.now());

    // Requests 3 to 5 pass only under the boosted limit: both gateways take some of them.
    const order = [a, a, b, a, b];
    const passed = [];
    for (const gateway of order) passed.push(await get(gateway, PRICE, key));
    expect(passed.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(passed.map((response) => response.headers.get('x-ratelimit-limit'))).toEqual(Array(5).fill('5'));
    for (const gateway of [a, b])
      expect(rateLimitMessage(await get(gateway, PRICE, key))).toContain('of 5 requests');
    expect(Date.now()).toBeLessThan(expiresAt);

    // After the expiry, with no message sent, a fresh bucket holds the key's own limit on both.
    await sleepUntil(expiresAt + 50);
    const after = [];
    for (const gateway of [a, b]) after.push(await get(gateway, KLINE, key));
    expect(after.map((response) => [response.status, response.headers.get('x-ratelimit-limit')])).toEqual([
      [200, '2'],
      [200, '2'],
    ]);
    for (const gateway of [a, b])
      expect(rateLimitMessage(await get(gateway, KLINE, key))).toContain('of 2 requests');
    expect((await get(b, '/api/v1/boosts', key)).body).toEqual({ boosts: [] });
  });

  it('should raise a key’s WebSocket limit on both gateways when the CLI grants a boost, until expiry', async () => {
    const [a, b] = gateways as [RunningApp, RunningApp];
    const { id, key } = await createKey({ name: 'ws', wsConnections: 1 });
    expect((await stream(a, key)).first).toHaveProperty('price');
    expect((await stream(b, key)).first).toMatchObject(limitFrame(1));

    const since = Date.now();
    const cli = await promisify(execFile)(
      process.execPath,
      [KEYS_CLI, 'boost', id, '--extra-ws-connections', '1', '--expires-in', '8s'],
      { env: { ...process.env, ...harness.redisEnv, REDIS_PREFIX: harness.prefix } },
    );
    expect(cli.stdout).toContain(`Granted boost to key ${id}`);
    const [view] = await limitsEverywhere(key, { requestsPerMinute: 40, wsConnections: 2 }, since);
    const expiresAt = Date.parse((view?.boosts as { expiresAt: string }[])[0]!.expiresAt);

    // The second connection passes only under the boosted limit: once on b, once on a.
    const second = await stream(b, key);
    expect(second.first).toHaveProperty('price');
    expect((await stream(a, key)).first).toMatchObject(limitFrame(2));
    await second.client.close();
    await until(
      () => leases(id),
      (count) => count === 1,
      5000,
      'the released lease',
    );
    const third = await stream(a, key);
    expect(third.first).toHaveProperty('price');
    await third.client.close();
    await until(
      () => leases(id),
      (count) => count === 1,
      5000,
      'the released lease',
    );
    expect(Date.now()).toBeLessThan(expiresAt);

    await sleepUntil(expiresAt + 50);
    for (const gateway of [b, a]) {
      const refused = await stream(gateway, key);
      expect(refused.first).toMatchObject(limitFrame(1));
      expect(await refused.client.closedWithin()).toEqual({ code: 4429, reason: 'RATE_LIMIT_EXCEEDED' });
    }
  });

  it('should end a boost early on both gateways within 5 s', async () => {
    const [a, b] = gateways as [RunningApp, RunningApp];
    const admin = adminApi(base(b));
    const { id, key } = await createKey({ name: 'early' });
    const extra = (await admin.grant(id, { extraRequestsPerMinute: 10, expiresInSeconds: 3600 })).body as {
      id: string;
    };
    const kept = (await admin.grant(id, { extraWsConnections: 1, expiresInSeconds: 3600 })).body as {
      id: string;
    };
    await limitsEverywhere(key, { requestsPerMinute: 50, wsConnections: 3 }, Date.now());

    const ended = await admin.endBoost(id, extra.id);
    expect(ended.status).toBe(200);
    await limitsEverywhere(key, { requestsPerMinute: 40, wsConnections: 3 }, Date.now());
    const own = (await get(a, '/api/v1/boosts', key)).body as { boosts: { id: string }[] };
    expect(own.boosts.map((boost) => boost.id)).toEqual([kept.id]);
    expect((await admin.endBoost(id, extra.id)).status).toBe(404);
  });

  it('should keep no API key in plaintext in anything it wrote to Redis', async () => {
    const dump = await dumpPrefix(harness.redis, harness.prefix);
    const stored = [...dump].flatMap(([name, content]) => [name, ...content]);
    // What the service wrote is there: records by key hash, last use, boosts, counters, leases.
    const hashes = created.map(({ key }) => createHash('sha256').update(key).digest('hex'));
    for (const hash of hashes) expect(stored.some((text) => text.includes(hash))).toBe(true);
    const names = [...dump.keys()].join('\n');
    for (const part of [':last-used', ':boosts:', ':rate:', ':ws:']) expect(names).toContain(part);
    for (const { key } of created) {
      const secret = key.slice('pds_'.length);
      expect(stored.filter((text) => text.includes(secret))).toEqual([]);
    }
  });
});

function rateLimitMessage(response: JsonResponse): string {
  expect(response.status).toBe(429);
  return (response.body as { message: string }).message;
}

function limitFrame(limit: number) {
  return {
    code: 'RATE_LIMIT_EXCEEDED',
    message: `WebSocket connection limit of ${limit} per operation exceeded`,
  };
}
