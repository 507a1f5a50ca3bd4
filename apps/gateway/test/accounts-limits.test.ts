import { type MailSink, PRICE, type RunningApp, startMailSink } from '@pds/testing';
import { requestJson } from './support/admin-api';
import { accountsEnv, signUp, type SignedInUser } from './support/accounts-api';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';

interface KeyList {
  readonly apiKeys: { id: string; revokedAt: string | null }[];
}

/**
 * Issue 34: a signed-in account's requests are limited (60 a minute, CONTRACT section 10), and an
 * account holds at most 100 revoked keys.
 */
describe('accounts: the per-account request limit and the revoked keys kept', () => {
  let harness: GatewayHarness;
  let sink: MailSink;
  let limited: RunningApp;
  let roomy: RunningApp;
  const base = (gateway: RunningApp) => `http://127.0.0.1:${gateway.port}`;
  const as = (user: SignedInUser, gateway: RunningApp) => {
    const headers = { authorization: `Bearer ${user.accessToken}` };
    const keys = `${base(gateway)}/api/v1/account/api-keys`;
    return {
      account: () => requestJson('GET', `${base(gateway)}/api/v1/account`, { headers }),
      listKeys: () => requestJson('GET', keys, { headers }),
      createKey: (name: string) => requestJson('POST', keys, { headers, body: { name } }),
      revokeKey: (id: string) => requestJson('DELETE', `${keys}/${id}`, { headers }),
    };
  };

  beforeAll(async () => {
    harness = await gatewayHarness('account-limits');
    sink = await startMailSink();
    await seedMarket(harness.redis, harness.keys);
    [limited, roomy] = await Promise.all([
      harness.startGateway(accountsEnv(sink)),
      // The revoked-keys test makes some 200 requests: this replica lets them through.
      harness.startGateway({ ...accountsEnv(sink), ACCOUNT_REQUESTS_PER_MINUTE: '1000' }),
    ]);
  });

  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  it('should answer the 61st account request of a minute 429 with Retry-After, whatever the operation', async () => {
    const user = await signUp(base(limited), sink, 'busy@example.test');
    const other = await signUp(base(limited), sink, 'calm@example.test');
    for (let request = 1; request <= 60; request += 1) {
      const answer = request % 2 === 0 ? as(user, limited).account() : as(user, limited).listKeys();
      expect((await answer).status).toBe(200);
    }
    const refused = await as(user, limited).createKey('one too many');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'RATE_LIMIT_EXCEEDED',
      message: expect.stringMatching(
        /^Rate limit of 60 requests per minute for this account exceeded\. Retry after \d+ seconds\.$/,
      ) as unknown,
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await as(user, limited).account()).status).toBe(429);
    // Another account is not slowed by it.
    expect((await as(other, limited).account()).status).toBe(200);
  });

  it('should keep the newest 100 revoked keys of an account and forget the older ones', async () => {
    const user = await signUp(base(roomy), sink, 'churner@example.test');
    const api = as(user, roomy);
    const made: { id: string; key: string }[] = [];
    for (let round = 1; round <= 102; round += 1) {
      const created = await api.createKey(`key ${round}`);
      expect(created.status).toBe(201);
      const key = created.body as { id: string; key: string };
      made.push(key);
      expect((await api.revokeKey(key.id)).status).toBe(200);
    }
    const listed = ((await api.listKeys()).body as KeyList).apiKeys;
    expect(listed).toHaveLength(100);
    expect(listed.every((key) => key.revokedAt !== null)).toBe(true);
    expect(listed.map((key) => key.id)).toEqual(made.slice(2).map((key) => key.id));
    // A forgotten key is refused as a revoked one is.
    const forgotten = await getJson(`${base(roomy)}${PRICE}`, { 'x-api-key': made[0]?.key ?? '' });
    expect(forgotten.status).toBe(401);
    expect(forgotten.body).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid API key' });
  });
});
