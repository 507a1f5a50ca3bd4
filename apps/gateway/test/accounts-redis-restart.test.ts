import {
  eventually,
  type MailSink,
  redisAt,
  type RedisServer,
  type RunningApp,
  startMailSink,
  startRedisServer,
} from '@pds/testing';
import { requestJson } from './support/admin-api';
import { accountsEnv, authApi, mailedToken, refreshCookieOf, signUp } from './support/accounts-api';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';

/** Issue 14, acceptance 4: accounts, sessions, keys and mailed tokens survive a Redis restart (append-only file). */
describe('accounts across a Redis restart', () => {
  let server: RedisServer;
  let harness: GatewayHarness;
  let sink: MailSink;
  let gateway: RunningApp;
  let redisDown = false;
  const base = () => `http://127.0.0.1:${gateway.port}`;

  beforeAll(async () => {
    server = await startRedisServer({ appendOnly: true });
    harness = await gatewayHarness('accounts-restart', redisAt(server.url));
    sink = await startMailSink();
    gateway = await harness.startGateway(accountsEnv(sink));
  });

  afterAll(async () => {
    if (redisDown) await server.start();
    await harness.close();
    await sink.close();
    await server.dispose();
  });

  it('should keep the account, its sign-in, its key and a mailed reset token after Redis restarts', async () => {
    const api = authApi(base());
    const user = await signUp(base(), sink, 'durable@example.test');
    expect((await api.forgot(user.email)).status).toBe(202);
    const resetToken = await mailedToken(sink, user.email, 'reset');
    const created = await requestJson('POST', `${base()}/api/v1/account/api-keys`, {
      headers: { authorization: `Bearer ${user.accessToken}` },
      body: { name: 'survivor' },
    });
    const { key } = created.body as { key: string };

    redisDown = true;
    await server.stop();
    await server.start();
    redisDown = false;

    const account = await eventually(async () => {
      const answer = await api.account(user.accessToken);
      return answer.status === 503 ? undefined : answer;
    }, 'the gateway back on Redis');
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ email: user.email, plan: 'free' });
    const own = await requestJson('GET', `${base()}/api/v1/api-keys/me`, { headers: { 'x-api-key': key } });
    expect(own.body).toMatchObject({ name: 'survivor', accountId: (account.body as { id: string }).id });
    const refreshed = await api.refresh(user.refreshToken);
    expect(refreshed.status).toBe(200);
    expect(refreshCookieOf(refreshed)?.value).toBeTruthy();
    expect((await api.reset(resetToken, 'a password after the restart')).status).toBe(200);
    expect((await api.login(user.email, 'a password after the restart')).status).toBe(200);
  });
});
