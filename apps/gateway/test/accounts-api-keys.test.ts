import { CURRENT_KLINE, type MailSink, PRICE, type RunningApp, startMailSink } from '@pds/testing';
import { ADMIN_TOKEN, adminApi, ownView, requestJson, until } from './support/admin-api';
import { accountsEnv, authApi, signUp, type SignedInUser } from './support/accounts-api';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';
import { connect, wsUrl } from './support/ws-client';

interface KeyView {
  readonly id: string;
  readonly key?: string;
  readonly accountId: string | null;
  readonly revokedAt: string | null;
}

interface AccountKeys {
  readonly keys: { id: string; usage: { operation: string; requestsUsed: number }[] }[];
}

/** Issue 14: an account's own API keys, on two gateway replicas. */
describe('accounts: self-serve API keys', () => {
  let harness: GatewayHarness;
  let sink: MailSink;
  let a: RunningApp;
  let b: RunningApp;
  const base = (gateway: RunningApp) => `http://127.0.0.1:${gateway.port}`;
  const keysOf = (user: SignedInUser, gateway = a) => {
    const headers = { authorization: `Bearer ${user.accessToken}` };
    const path = `${base(gateway)}/api/v1/account/api-keys`;
    return {
      list: () => requestJson('GET', path, { headers }),
      create: (name: string) => requestJson('POST', path, { headers, body: { name } }),
      revoke: (id: string) => requestJson('DELETE', `${path}/${id}`, { headers }),
    };
  };
  const priceStatus = async (gateway: RunningApp, key: string) =>
    (await getJson(`${base(gateway)}${PRICE}`, { 'x-api-key': key })).status;

  beforeAll(async () => {
    harness = await gatewayHarness('account-keys');
    sink = await startMailSink();
    await seedMarket(harness.redis, harness.keys);
    const env = { ...accountsEnv(sink), ADMIN_TOKEN };
    [a, b] = await Promise.all([harness.startGateway(env), harness.startGateway(env)]);
  });

  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  it('should create a key shown once that works on HTTP and WebSocket, show its usage on the account, revoke it on every replica, and sign out', async () => {
    const user = await signUp(base(a), sink, 'builder@example.test');
    const created = await keysOf(user).create('my bot');
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { id, key } = created.body as KeyView;
    expect(key).toMatch(/^pds_[A-Za-z0-9_-]{43}$/);
    expect(created.body).toMatchObject({ name: 'my bot', requestsPerMinute: 40, wsConnections: 2 });
    expect(await priceStatus(a, key ?? '')).toBe(200);
    expect(await priceStatus(b, key ?? '')).toBe(200);
    const { client, first } = await connect(
      wsUrl(base(b), CURRENT_KLINE, { apiKey: key ?? '', interval: '1m' }),
    );
    expect(first).toHaveProperty('openTime');
    await client.close();
    const usageOnAccount = async (): Promise<AccountKeys> =>
      (await authApi(base(b)).account(user.accessToken)).body as AccountKeys;
    const shown = (await usageOnAccount()).keys;
    expect(shown.map((entry) => entry.id)).toEqual([id]);
    const priceUsage = shown[0]?.usage.find((entry) => entry.operation === 'getCurrentPrice');
    expect(priceUsage).toMatchObject({ requestsUsed: 2, requestsRemaining: 38 });
    const listed = await keysOf(user).list();
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect((listed.body as { apiKeys: KeyView[] }).apiKeys.map((entry) => entry.id)).toEqual([id]);
    const admin = (await adminApi(base(a)).listKeys()).body as { apiKeys: KeyView[] };
    expect(admin.apiKeys.find((entry) => entry.id === id)?.accountId).toEqual(expect.any(String));

    const revoked = await keysOf(user).revoke(id);
    expect(revoked.status).toBe(200);
    expect((revoked.body as KeyView).revokedAt).not.toBeNull();
    await until(
      () => priceStatus(b, key ?? ''),
      (status) => status === 401,
      5_000,
      'refused on replica b',
    );
    expect(await priceStatus(a, key ?? '')).toBe(401);
    expect((await usageOnAccount()).keys).toEqual([]);
    expect((await authApi(base(a)).logout(user.refreshToken)).status).toBe(204);
    expect((await keysOf(user, b).list()).status).toBe(401);
  });

  it('should cap live keys at the plan’s number with a 403 naming it, and count only live keys', async () => {
    const user = await signUp(base(a), sink, 'hoarder@example.test');
    const ids: string[] = [];
    for (const name of ['one', 'two', 'three']) {
      const created = await keysOf(user).create(name);
      expect(created.status).toBe(201);
      ids.push((created.body as KeyView).id);
    }
    const refused = await keysOf(user, b).create('four');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'FORBIDDEN',
      message: 'The Free plan allows 3 API keys; revoke one to create another',
    });
    expect((await keysOf(user).revoke(ids[0] ?? '')).status).toBe(200);
    expect((await keysOf(user).create('four')).status).toBe(201);
    expect(((await keysOf(user).list()).body as { apiKeys: KeyView[] }).apiKeys).toHaveLength(4);
  });

  it('should answer 404 for another account’s key and 401 for an API key on the account’s keys', async () => {
    const owner = await signUp(base(a), sink, 'owner@example.test');
    const other = await signUp(base(a), sink, 'other@example.test');
    const { id, key } = (await keysOf(owner).create('mine')).body as KeyView;
    const stolen = await keysOf(other).revoke(id);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ code: 'NOT_FOUND', message: 'No API key with this id' });
    expect(await priceStatus(a, key ?? '')).toBe(200);
    const withKey = await requestJson('GET', `${base(a)}/api/v1/account/api-keys`, {
      headers: { 'x-api-key': key ?? '' },
    });
    expect(withKey.status).toBe(401);
  });

  it('should apply an account’s boost to every key of the account, on every replica', async () => {
    const user = await signUp(base(a), sink, 'boosted@example.test');
    const { id: accountId } = (await authApi(base(a)).account(user.accessToken)).body as { id: string };
    const { key: before } = (await keysOf(user).create('before')).body as KeyView;
    const rateOn = async (gateway: RunningApp, key: string) =>
      ((await ownView(base(gateway), key)).effectiveLimits as { requestsPerMinute: number })
        .requestsPerMinute;
    expect(await rateOn(b, before ?? '')).toBe(40);
    const grant = (id: string) =>
      adminApi(base(a)).call('POST', `/accounts/${id}/boosts`, {
        extraRequestsPerMinute: 5,
        expiresInSeconds: 600,
      });
    const granted = await grant(accountId);
    expect(granted.status).toBe(201);
    expect(granted.body).toMatchObject({ accountId, extraRequestsPerMinute: 5, extraWsConnections: 0 });
    await until(
      () => rateOn(b, before ?? ''),
      (rate) => rate === 45,
      5_000,
      'the boost on replica b',
    );
    const { key: after } = (await keysOf(user).create('after')).body as KeyView;
    expect(await rateOn(a, after ?? '')).toBe(45);
    const boosts = await getJson(`${base(b)}/api/v1/boosts`, { 'x-api-key': after ?? '' });
    expect((boosts.body as { boosts: unknown[] }).boosts).toHaveLength(1);
    expect((await grant('000000000000000000000000')).status).toBe(404);
  });
});
