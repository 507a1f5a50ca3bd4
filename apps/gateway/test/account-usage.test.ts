import { connect, type MailSink, PRICE, type RunningApp, startMailSink, wsUrl } from '@pds/testing';
import { requestJson, until } from './support/admin-api';
import { accountsEnv, signUp, type SignedInUser } from './support/accounts-api';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';

interface Bucket {
  readonly keyId: string;
  readonly keyName: string;
  readonly operation: string;
  readonly start: string;
  readonly requests: number;
  readonly rejected: number;
}

const HOUR_MS = 3_600_000;
const hourOf = (ms: number) => new Date(ms - (ms % HOUR_MS)).toISOString();

/** CONTRACT section 10, usage: counted with the rate limit, per key, operation and hour or day. */
describe('accounts: usage history', () => {
  let harness: GatewayHarness;
  let sink: MailSink;
  let gateways: RunningApp[];
  let user: SignedInUser;
  const base = (index = 0) => `http://127.0.0.1:${gateways[index]?.port ?? 0}`;
  const usage = (query = '', headers: Record<string, string> = {}) =>
    fetch(`${base()}/api/v1/account/usage${query}`, {
      headers: { authorization: `Bearer ${user.accessToken}`, ...headers },
    });
  /** The key's buckets once `done` holds: tallies reach Redis with a later call, within a second or so. */
  const bucketsOf = async (keyId: string, query: string, done: (buckets: Bucket[]) => boolean) =>
    until(
      async () => {
        const answer = await usage(query);
        expect(answer.status).toBe(200);
        const { usage: buckets } = (await answer.json()) as { usage: Bucket[] };
        return buckets.filter((bucket) => bucket.keyId === keyId);
      },
      done,
      10_000,
      `the usage of ${keyId}`,
    );
  const sum = (buckets: Bucket[], operation: string, field: 'requests' | 'rejected') =>
    buckets
      .filter((bucket) => bucket.operation === operation)
      .reduce((total, bucket) => total + bucket[field], 0);
  const createKey = async (name: string) => {
    const created = await requestJson('POST', `${base()}/api/v1/account/api-keys`, {
      headers: { authorization: `Bearer ${user.accessToken}` },
      body: { name },
    });
    expect(created.status).toBe(201);
    return created.body as { id: string; key: string; prefix: string };
  };

  beforeAll(async () => {
    harness = await gatewayHarness('account-usage');
    sink = await startMailSink();
    await seedMarket(harness.redis, harness.keys);
    // The suite reads usage far faster than a person; the per-account limit has its own suite.
    const env = { ...accountsEnv(sink), ACCOUNT_REQUESTS_PER_MINUTE: '1000' };
    gateways = await Promise.all([harness.startGateway(env), harness.startGateway(env)]);
    user = await signUp(base(), sink, 'usage@example.test');
  });

  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  it('should count every request of a key across replicas in its hour, the 429s as rejected, and list the key with its prefix', async () => {
    const { id, key, prefix } = await createKey('counted');
    expect(prefix).toBe(key.slice(0, 8));
    const started = Date.now();
    const statuses: number[] = [];
    for (let request = 0; request < 45; request += 1) {
      const answer = await getJson(`${base(request % 2)}${PRICE}`, { 'x-api-key': key });
      statuses.push(answer.status);
    }
    // A request that fails validation is counted too (it passed the rate limit first).
    expect((await getJson(`${base()}/api/v1/prices/klines?interval=bad`, { 'x-api-key': key })).status).toBe(
      400,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);

    const ofKey = await bucketsOf(
      id,
      '',
      (buckets) =>
        sum(buckets, 'getCurrentPrice', 'requests') === 45 && sum(buckets, 'getKlines', 'requests') === 1,
    );
    // Normally one hour; two when the requests crossed an hour's end.
    const hours = new Set([hourOf(started), hourOf(Date.now())]);
    for (const bucket of ofKey) expect(hours).toContain(bucket.start);
    expect(sum(ofKey, 'getCurrentPrice', 'rejected')).toBe(5);
    expect(sum(ofKey, 'getKlines', 'rejected')).toBe(0);
    expect(ofKey.every((bucket) => bucket.keyName === 'counted')).toBe(true);

    const listed = await requestJson('GET', `${base(1)}/api/v1/account/api-keys`, {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect((listed.body as { apiKeys: { id: string; prefix: string }[] }).apiKeys).toContainEqual(
      expect.objectContaining({ id, prefix: key.slice(0, 8) }),
    );
    expect(JSON.stringify(listed.body)).not.toContain(key);
  });

  it('should count the index operations like the price ones: per operation in the history, and in each key’s usage now', async () => {
    const { id, key } = await createKey('index reader');
    const headers = { 'x-api-key': key };
    // No ingestor here, so no index value: a 503 is still an authenticated request, counted.
    for (const gateway of [0, 1]) {
      expect((await getJson(`${base(gateway)}/api/v1/index/current`, headers)).status).toBe(503);
    }
    const range = { interval: '1m', from: '2026-01-01T00:00:00Z' };
    const klines = `/api/v1/index/klines?interval=${range.interval}&from=${range.from}`;
    expect((await getJson(`${base()}${klines}`, headers)).status).toBe(200);
    // A range's stream holds one of the key's getIndexKlines connection slots while it is open.
    const { client } = await connect(wsUrl(base(1), '/api/v1/index/klines', { apiKey: key, ...range }));

    const account = await requestJson('GET', `${base()}/api/v1/account`, {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    await client.close();
    const { keys } = account.body as { keys: { id: string; usage: Record<string, unknown>[] }[] };
    const now = keys.find((each) => each.id === id)?.usage ?? [];
    expect(now.map((usage) => usage.operation)).toEqual([
      'getCurrentPrice',
      'getKlines',
      'getCurrentKline',
      'getIndex',
      'getIndexKlines',
    ]);
    expect(now).toContainEqual(
      expect.objectContaining({ operation: 'getIndex', requestsUsed: 2, requestsRemaining: 38 }),
    );
    expect(now).toContainEqual(
      expect.objectContaining({
        operation: 'getIndexKlines',
        requestsUsed: 1,
        wsConnectionsOpen: 1,
        wsConnectionsRemaining: 1,
      }),
    );

    // Revoked (the plan's three live keys are for the other tests), its history stays.
    const revoked = await requestJson('DELETE', `${base()}/api/v1/account/api-keys/${id}`, {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(revoked.status).toBe(200);
    const ofKey = await bucketsOf(
      id,
      '',
      (buckets) =>
        sum(buckets, 'getIndex', 'requests') === 2 && sum(buckets, 'getIndexKlines', 'requests') === 1,
    );
    expect(new Set(ofKey.map((bucket) => bucket.operation))).toEqual(new Set(['getIndex', 'getIndexKlines']));
    expect(sum(ofKey, 'getIndex', 'rejected') + sum(ofKey, 'getIndexKlines', 'rejected')).toBe(0);
  });

  it('should sum the hours of a day, and answer CSV with a header row, a formula-like name made harmless', async () => {
    const { id, key } = await createKey('=HYPERLINK("x")');
    for (let request = 0; request < 3; request += 1) {
      expect((await getJson(`${base()}${PRICE}`, { 'x-api-key': key })).status).toBe(200);
    }
    const ofKey = await bucketsOf(
      id,
      '?granularity=day',
      (buckets) => sum(buckets, 'getCurrentPrice', 'requests') === 3,
    );
    const today = new Date(Date.now() - (Date.now() % (24 * HOUR_MS))).toISOString();
    const yesterday = new Date(Date.parse(today) - 24 * HOUR_MS).toISOString();
    expect(ofKey.map((bucket) => bucket.start).every((start) => [today, yesterday].includes(start))).toBe(
      true,
    );

    const csv = await usage('?granularity=day', { accept: 'text/csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toBe('keyId,keyName,operation,start,requests,rejected');
    const row = lines.find((line) => line.startsWith(`${id},`));
    expect(row).toMatch(
      new RegExp(`^${id},"'=HYPERLINK\\(""x""\\)",getCurrentPrice,\\d{4}-\\d{2}-\\d{2}T00:00:00.000Z,3,0$`),
    );
  });

  it.each([
    ['?from=yesterday', 'from must be an ISO 8601 date-time'],
    ['?granularity=week', 'granularity must be one of the following values: hour, day'],
    ['?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', 'from must not be later than to'],
    [
      `?from=${new Date(Date.now() - 40 * 24 * HOUR_MS).toISOString()}`,
      'from must be within the last 35 days',
    ],
    ['?granularity=day&granularity=hour', 'granularity must be given once'],
  ])('should refuse %s with 400 in the contract’s shape', async (query, message) => {
    const answer = await usage(query);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ code: 'VALIDATION_ERROR', message });
  });

  it('should refuse a caller without a session, or with an API key instead', async () => {
    expect((await fetch(`${base()}/api/v1/account/usage`)).status).toBe(401);
    const { key } = await createKey('not a session');
    const withKey = await fetch(`${base()}/api/v1/account/usage`, { headers: { 'x-api-key': key } });
    expect(withKey.status).toBe(401);
  });
});
