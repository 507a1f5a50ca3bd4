import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { promisify } from 'node:util';
import { builtEntryPoint, type MailSink, type RunningApp, startMailSink } from '@pds/testing';
import { ADMIN_TOKEN, adminApi, ownView, requestJson, until } from './support/admin-api';
import { accountsEnv, authApi, signUp, type SignedInUser } from './support/accounts-api';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';

const KEYS_CLI = resolve(dirname(builtEntryPoint('gateway')), 'cli/keys.js');

interface AccountBoost {
  readonly id: string;
  readonly accountId: string;
  readonly extraRequestsPerMinute: number;
  readonly expiresAt: string;
}

/** An account's boosts are listed and ended as a key's are: by the admin, and listed by the account. */
describe('account boosts: list and end, on every replica', () => {
  let harness: GatewayHarness;
  let sink: MailSink;
  let a: RunningApp;
  let b: RunningApp;
  const base = (gateway: RunningApp) => `http://127.0.0.1:${gateway.port}`;
  const rateOn = async (gateway: RunningApp, key: string) =>
    ((await ownView(base(gateway), key)).effectiveLimits as { requestsPerMinute: number }).requestsPerMinute;
  const ownBoosts = (gateway: RunningApp, user: SignedInUser) =>
    requestJson('GET', `${base(gateway)}/api/v1/account/boosts`, {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
  const signedUpWithKey = async (email: string) => {
    const user = await signUp(base(a), sink, email);
    const { id } = (await authApi(base(a)).account(user.accessToken)).body as { id: string };
    const created = await requestJson('POST', `${base(a)}/api/v1/account/api-keys`, {
      headers: { authorization: `Bearer ${user.accessToken}` },
      body: { name: 'bot' },
    });
    return { user, accountId: id, key: (created.body as { key: string }).key };
  };

  const cli = async (...args: string[]) =>
    (
      await promisify(execFile)(process.execPath, [KEYS_CLI, ...args], {
        env: { ...process.env, ...harness.redisEnv, REDIS_PREFIX: harness.prefix },
      })
    ).stdout;

  beforeAll(async () => {
    harness = await gatewayHarness('account-boosts');
    sink = await startMailSink();
    await seedMarket(harness.redis, harness.keys);
    const env = { ...accountsEnv(sink), ADMIN_TOKEN };
    [a, b] = await Promise.all([harness.startGateway(env), harness.startGateway(env)]);
  });

  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  it('should list an account’s active boosts to the admin and to the account, soonest to end first', async () => {
    const { user, accountId } = await signedUpWithKey('listed@example.test');
    const admin = adminApi(base(a));
    const later = await admin.grantAccountBoost(accountId, {
      extraRequestsPerMinute: 5,
      expiresInSeconds: 900,
    });
    const sooner = await admin.grantAccountBoost(accountId, { extraWsConnections: 1, expiresInSeconds: 600 });
    expect([later.status, sooner.status]).toEqual([201, 201]);
    const listed = await adminApi(base(b)).listAccountBoosts(accountId);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ boosts: [sooner.body, later.body] });
    const own = await ownBoosts(b, user);
    expect(own.status).toBe(200);
    expect(own.body).toEqual(listed.body);
    expect((await admin.listAccountBoosts('000000000000000000000000')).status).toBe(404);
  });

  it('should end an account’s boost for every key of it on every replica within 5 s, once', async () => {
    const { user, accountId, key } = await signedUpWithKey('ended@example.test');
    const granted = await adminApi(base(a)).grantAccountBoost(accountId, {
      extraRequestsPerMinute: 5,
      expiresInSeconds: 600,
    });
    const boost = granted.body as AccountBoost;
    await until(
      () => rateOn(b, key),
      (rate) => rate === 45,
      5_000,
      'the boost on replica b',
    );
    const endedAt = Date.now();
    const ended = await adminApi(base(a)).endAccountBoost(accountId, boost.id);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ id: boost.id, accountId, extraRequestsPerMinute: 5 });
    expect(Date.parse((ended.body as AccountBoost).expiresAt)).toBeLessThan(Date.parse(boost.expiresAt));
    await until(
      () => rateOn(b, key),
      (rate) => rate === 40,
      5_000 - (Date.now() - endedAt),
      'the end on replica b',
    );
    expect(await rateOn(a, key)).toBe(40);
    expect((await ownBoosts(b, user)).body).toEqual({ boosts: [] });
    expect((await adminApi(base(b)).listAccountBoosts(accountId)).body).toEqual({ boosts: [] });
    const again = await adminApi(base(b)).endAccountBoost(accountId, boost.id);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await adminApi(base(a)).endAccountBoost('000000000000000000000000', boost.id)).status).toBe(404);
  });

  it('should grant, list and end an account’s boost from the command line as from the admin API', async () => {
    const { accountId, key } = await signedUpWithKey('cli@example.test');
    const granted = await cli(
      'account-boost',
      accountId,
      '--extra-requests-per-minute',
      '7',
      '--expires-in',
      '1h',
    );
    expect(granted).toContain(`Granted boost to every key of account ${accountId}`);
    await until(
      () => rateOn(b, key),
      (rate) => rate === 47,
      5_000,
      'the CLI’s boost on replica b',
    );
    const listed = (await adminApi(base(a)).listAccountBoosts(accountId)).body as { boosts: AccountBoost[] };
    const [boost] = listed.boosts;
    expect(await cli('account-boosts', accountId)).toContain(boost?.id ?? 'no boost');
    const endedAt = Date.now();
    expect(await cli('end-account-boost', accountId, boost?.id ?? '')).toContain(`Ended boost ${boost?.id}`);
    await until(
      () => rateOn(b, key),
      (rate) => rate === 40,
      5_000 - (Date.now() - endedAt),
      'the CLI’s end on replica b',
    );
    expect(await cli('account-boosts', accountId)).toContain(`No active boosts for account ${accountId}`);
  });
});
