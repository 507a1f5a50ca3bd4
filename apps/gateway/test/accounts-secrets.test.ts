import { type MailSink, PRICE, type RunningApp, startMailSink } from '@pds/testing';
import { ADMIN_TOKEN, adminApi, requestJson } from './support/admin-api';
import {
  accountsEnv,
  authApi,
  JWT_SECRET,
  mailedToken,
  PASSWORD,
  refreshCookieOf,
  signUp,
} from './support/accounts-api';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';
import { dumpPrefix } from './support/redis-dump';

const NEW_PASSWORD = 'a second password, also long';

/** Issue 14: no password, token or key reaches a log line or Redis in plaintext. */
describe('accounts: secrets stay out of logs and Redis', () => {
  let harness: GatewayHarness;
  let sink: MailSink;
  let gateway: RunningApp;
  const base = () => `http://127.0.0.1:${gateway.port}`;

  beforeAll(async () => {
    harness = await gatewayHarness('accounts-secrets');
    sink = await startMailSink();
    await seedMarket(harness.redis, harness.keys);
    gateway = await harness.startGateway({ ...accountsEnv(sink), ADMIN_TOKEN, LOG_LEVEL: 'debug' });
  });

  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  /** Every secret the whole flow handles: sign-up to sign-out, a reset and a key on the way. */
  async function runWholeFlow(): Promise<string[]> {
    const api = authApi(base());
    const email = 'secretive@example.test';
    const user = await signUp(base(), sink, email);
    const verifyToken = await mailedToken(sink, email, 'verify');
    const refreshed = await api.refresh(user.refreshToken);
    const refreshToken = refreshCookieOf(refreshed)?.value ?? '';
    const { accessToken } = refreshed.body as { accessToken: string };
    expect((await api.account(accessToken)).status).toBe(200);
    expect((await api.login(email, 'a wrong password, logged?')).status).toBe(401);
    const { key: adminKey } = await adminApi(base()).createKey({ name: 'flow' });
    const own = await requestJson('POST', `${base()}/api/v1/account/api-keys`, {
      headers: { authorization: `Bearer ${accessToken}` },
      body: { name: 'own' },
    });
    const { key } = own.body as { key: string };
    for (const secretKey of [adminKey, key]) {
      expect((await getJson(`${base()}${PRICE}?apiKey=${secretKey}`)).status).toBe(200);
    }
    expect((await api.forgot(email)).status).toBe(202);
    const resetToken = await mailedToken(sink, email, 'reset');
    expect((await api.reset(resetToken, NEW_PASSWORD)).status).toBe(200);
    const again = await api.login(email, NEW_PASSWORD);
    const lastRefresh = refreshCookieOf(again)?.value ?? '';
    expect((await api.logout(lastRefresh)).status).toBe(204);
    const secrets = [
      PASSWORD,
      NEW_PASSWORD,
      'a wrong password, logged?',
      verifyToken,
      resetToken,
      adminKey,
      key,
    ];
    return [
      ...secrets,
      user.accessToken,
      user.refreshToken,
      accessToken,
      refreshToken,
      lastRefresh,
      JWT_SECRET,
    ];
  }

  it('should keep every password, token and key out of the log lines and Redis of a whole run', async () => {
    const secrets = await runWholeFlow();
    expect(secrets.every((secret) => secret.length >= 20)).toBe(true);
    const logs = gateway.output.join('\n');
    expect(logs).toContain('"msg":"signed-in"');
    const dump = await dumpPrefix(harness.redis, harness.prefix);
    const stored = [...dump.entries()].flat(2).join('\n');
    expect(stored).toContain('$argon2id$');
    for (const secret of secrets) {
      expect(logs).not.toContain(secret);
      expect(stored).not.toContain(secret);
    }
  });
});
