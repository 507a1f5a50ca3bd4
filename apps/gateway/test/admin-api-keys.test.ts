import { PRICE } from '@pds/testing';
import type { RunningApp } from '@pds/testing';
import { ADMIN_TOKEN, adminApi, ownView, requestJson, until } from './support/admin-api';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';

const INVALID = { code: 'UNAUTHORIZED', message: 'Invalid API key' };
/** Every admin operation, with a body that would be valid. */
const ADMIN_OPERATIONS: [string, string, unknown?][] = [
  ['POST', '/api-keys', { name: 'x' }],
  ['GET', '/api-keys'],
  ['DELETE', '/api-keys/0000000000000000'],
  ['POST', '/api-keys/0000000000000000/boosts', { extraWsConnections: 1, expiresInSeconds: 60 }],
  ['GET', '/api-keys/0000000000000000/boosts'],
  ['DELETE', '/api-keys/0000000000000000/boosts/0000000000000000'],
];

/** Issue 8: the api-keys area over HTTP, on two gateway processes (b has no ADMIN_TOKEN). */
describe('api-keys admin API and owner view', () => {
  let harness: GatewayHarness;
  let a: RunningApp;
  let b: RunningApp;
  const base = (gateway: RunningApp) => `http://127.0.0.1:${gateway.port}`;
  const admin = () => adminApi(base(a));
  const indexSize = () => harness.redis.hlen(harness.keys.apiKeyIndex());

  beforeAll(async () => {
    harness = await gatewayHarness('admin-keys');
    await seedMarket(harness.redis, harness.keys);
    const shared = { TRUSTED_PROXIES: 'loopback', AUTH_FAILURES_PER_MINUTE: '3' };
    [a, b] = await Promise.all([
      harness.startGateway({ ...shared, ADMIN_TOKEN }),
      harness.startGateway(shared),
    ]);
  });

  afterAll(() => harness.close());

  const send = (
    gateway: RunningApp,
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ) => requestJson(method, `${base(gateway)}/api/v1${path}`, { body, headers });

  it('should answer 401 without the admin token, 403 with a wrong one or when admin is disabled', async () => {
    const { key } = await admin().createKey({ name: 'not-an-admin' });
    for (const [method, path, body] of ADMIN_OPERATIONS) {
      const none = await send(a, method, path, body, { 'x-forwarded-for': '10.1.0.1' });
      expect(none.status).toBe(401);
      expect(none.body).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
      const apiKeyAsToken = await send(a, method, path, body, {
        authorization: `Bearer ${key}`,
        'x-forwarded-for': `10.1.1.${method.length}${path.length}`,
      });
      expect(apiKeyAsToken.body).toEqual({ code: 'FORBIDDEN', message: 'Invalid admin token' });
      const disabled = await send(b, method, path, body, { authorization: `Bearer ${ADMIN_TOKEN}` });
      expect(disabled.status).toBe(403);
      expect(disabled.body).toEqual({
        code: 'FORBIDDEN',
        message: 'Admin operations are disabled: ADMIN_TOKEN is not set',
      });
    }
  });

  it('should count wrong admin tokens toward the per-address brute-force guard', async () => {
    const wrong = { authorization: 'Bearer wrong-token-0123456789', 'x-forwarded-for': '10.2.0.1' };
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await send(a, 'GET', '/api-keys', undefined, wrong)).status).toBe(403);
    }
    const blocked = await send(a, 'GET', '/api-keys', undefined, wrong);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
    expect((await admin().listKeys()).status).toBe(200);
  });

  it('should show a key once, list it without the key, and revoke it on both gateways within 5 s', async () => {
    const created = await admin().call('POST', '/api-keys', { name: 'bot', requestsPerMinute: 7 });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { id, key } = created.body as { id: string; key: string };
    expect(key).toMatch(/^pds_[A-Za-z0-9_-]{43}$/);
    expect(created.body).toMatchObject({
      name: 'bot',
      requestsPerMinute: 7,
      wsConnections: 2,
      revokedAt: null,
    });
    // Both gateways use (and cache) the key, so the revocation must reach them by message.
    for (const gateway of [a, b])
      expect((await getJson(`${base(gateway)}${PRICE}`, { 'x-api-key': key })).status).toBe(200);

    const list = await admin().listKeys();
    expect(JSON.stringify(list.body)).not.toContain(key);
    const listed = (list.body as { apiKeys: Record<string, unknown>[] }).apiKeys.find(
      (entry) => entry.id === id,
    );
    expect(listed).toEqual({
      id,
      name: 'bot',
      prefix: key.slice(0, 8),
      requestsPerMinute: 7,
      wsConnections: 2,
      createdAt: expect.any(String) as unknown,
      lastUsedAt: expect.any(String) as unknown,
      revokedAt: null,
      accountId: null,
    });

    const own = await ownView(base(b), key);
    expect(own).toMatchObject({
      id,
      name: 'bot',
      effectiveLimits: { requestsPerMinute: 7, wsConnections: 2 },
    });
    expect(own.boosts).toEqual([]);
    expect(own.usage).toContainEqual(
      expect.objectContaining({ operation: 'getCurrentPrice', requestsUsed: 2, requestsRemaining: 5 }),
    );

    const revoked = await admin().revoke(id);
    const revokedAt = Date.now();
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id, revokedAt: expect.any(String) as unknown });
    for (const gateway of [a, b]) {
      const refused = await until(
        () => getJson(`${base(gateway)}${PRICE}`, { 'x-api-key': key, 'x-forwarded-for': '10.3.0.1' }),
        (response) => response.status === 401,
        5000 - (Date.now() - revokedAt),
        'revocation',
      );
      expect(refused.body).toEqual(INVALID);
    }
    expect((await admin().revoke(id)).body).toEqual(revoked.body);
  });

  it('should answer 400 naming the field for bad input and 404 for unknown ids, writing nothing', async () => {
    const before = await indexSize();
    const bad: [unknown, string][] = [
      [{ name: 'x', requestsPerMinute: 0 }, 'requestsPerMinute must be an integer between 1 and 1000000'],
      [{ name: 'x', wsConnections: '3' }, 'wsConnections must be an integer between 1 and 1000'],
      [{ name: ' ' }, 'name must be a string of 1 to 100 characters'],
      [{ name: 'x', key: 'pds_chosen' }, 'key is not a known field'],
      [[{ name: 'x' }], 'body must be a JSON object'],
    ];
    for (const [body, message] of bad) {
      const response = await admin().call('POST', '/api-keys', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining(message) as unknown,
      });
    }
    expect(await indexSize()).toBe(before);

    const { id } = await admin().createKey({ name: 'target' });
    const badBoosts: [unknown, string][] = [
      [{ extraRequestsPerMinute: -1, expiresInSeconds: 60 }, 'extraRequestsPerMinute must be an integer'],
      [{ extraWsConnections: 1, expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt must be in the future'],
      [
        { extraWsConnections: 1, expiresAt: '2030-02-30T00:00:00Z' },
        'expiresAt must be an ISO 8601 date-time',
      ],
      [{ expiresInSeconds: 60 }, 'extraRequestsPerMinute or extraWsConnections must be given'],
      [{ extraWsConnections: 1, expiresInSeconds: 60, keyId: id }, 'keyId is not a known field'],
    ];
    for (const [body, message] of badBoosts) {
      const response = await admin().call('POST', `/api-keys/${id}/boosts`, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining(message) as unknown,
      });
    }
    expect(await harness.redis.exists(harness.keys.apiKeyBoosts(id))).toBe(0);

    const notFound = { code: 'NOT_FOUND', message: expect.stringMatching(/^No .* with this id$/) as unknown };
    const valid = { extraWsConnections: 1, expiresInSeconds: 60 };
    for (const response of [
      await admin().revoke('0000000000000000'),
      await admin().grant('0000000000000000', valid),
      await admin().listBoosts('0000000000000000'),
      await admin().endBoost(id, '0000000000000000'),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual(notFound);
    }
    await admin().revoke(id);
    expect((await admin().grant(id, valid)).status).toBe(404);
  });
});
