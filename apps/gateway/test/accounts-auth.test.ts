import { createHash } from 'node:crypto';
import { eventually, type MailSink, mailTo, type RunningApp, startMailSink } from '@pds/testing';
import { accountsEnv, authApi, mailedToken, PASSWORD, refreshCookieOf, signUp } from './support/accounts-api';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const HOUR_MS = 60 * 60 * 1000;

/** Issue 14: the auth operations of CONTRACT section 10, on two gateway replicas and a real SMTP sink. */
describe('accounts: sign-up, verification, sign-in and sessions', () => {
  let harness: GatewayHarness;
  let sink: MailSink;
  let a: RunningApp;
  let b: RunningApp;
  const base = (gateway: RunningApp) => `http://127.0.0.1:${gateway.port}`;
  const api = () => authApi(base(a));

  beforeAll(async () => {
    harness = await gatewayHarness('accounts');
    sink = await startMailSink();
    [a, b] = await Promise.all([
      harness.startGateway(accountsEnv(sink)),
      harness.startGateway(accountsEnv(sink)),
    ]);
  });

  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  it('should answer register 202 alike for a new and a taken email, and mail the owner either way', async () => {
    const first = await api().register('Ada@Example.test');
    const again = await api().register('ada@example.TEST', 'another password 123');
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    const owner = mailTo('ada@example.test');
    await eventually(
      () => Promise.resolve(sink.mails.filter(owner).length === 2 ? true : undefined),
      'two mails',
    );
    expect(await harness.redis.hlen(harness.keys.accountEmailIndex())).toBe(1);
  });

  it('should refuse sign-in before verification with 403, and verify once with the mailed token', async () => {
    const email = 'grace@example.test';
    expect((await api().register(email)).status).toBe(202);
    const token = await mailedToken(sink, email, 'verify');
    const early = await api().login(email);
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ code: 'FORBIDDEN' });
    // Kept past its 24 h, so an old link of a confirmed email still says so.
    const ttl = await harness.redis.pttl(harness.keys.accountToken('verify', sha256(token)));
    expect(ttl).toBeGreaterThan(24 * HOUR_MS);
    const verified = await api().verifyEmail(token);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ tokenType: 'Bearer', expiresIn: 900 });
    expect(refreshCookieOf(verified)?.line).toMatch(/; HttpOnly/i);
    const accessToken = (verified.body as { accessToken: string }).accessToken;
    expect((await api().account(accessToken)).body).toMatchObject({ email });
    const used = await api().verifyEmail(token);
    expect(used.status).toBe(409);
    expect(used.body).toEqual({ code: 'CONFLICT', message: 'email is already confirmed; sign in' });
    expect((await api().login(email)).status).toBe(200);
  });

  it('should refuse unknown and expired verification tokens', async () => {
    const invalid = { code: 'VALIDATION_ERROR', message: 'token is invalid or expired' };
    expect((await api().verifyEmail('not-a-token-that-was-ever-sent')).body).toEqual(invalid);
    const email = 'expired@example.test';
    await api().register(email);
    const token = await mailedToken(sink, email, 'verify');
    // Date the link 25 hours back, as if it had been mailed then.
    const key = harness.keys.accountToken('verify', sha256(token));
    const [accountId] = ((await harness.redis.get(key)) ?? '').split(':');
    await harness.redis.set(key, `${accountId}:${Date.now() - 25 * HOUR_MS}`, 'KEEPTTL');
    const expired = await api().verifyEmail(token);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual(invalid);
  });

  it('should answer a wrong password and an unknown email alike with 401', async () => {
    await signUp(base(a), sink, 'linus@example.test');
    const wrong = await api().login('linus@example.test', 'not the password at all', {
      'x-forwarded-for': '10.14.0.1',
    });
    const unknown = await api().login('nobody@example.test', PASSWORD, { 'x-forwarded-for': '10.14.0.1' });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
    }
  });

  it('should sign in with a token of at most 900 s and an HttpOnly, SameSite=Strict refresh cookie', async () => {
    const user = await signUp(base(a), sink, 'barbara@example.test');
    const login = await api().login(user.email);
    expect(login.body).toEqual({
      accessToken: expect.any(String) as unknown,
      tokenType: 'Bearer',
      expiresIn: 900,
    });
    const cookie = refreshCookieOf(login)?.line ?? '';
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Path=\/api\/v1\/auth(;|$)/);
    expect(cookie).not.toMatch(/; Secure/i);
    const overTls = await api().login(user.email, PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(refreshCookieOf(overTls)?.line).toMatch(/; Secure/i);
  });

  it('should show the account with the free plan limits, no subscription and no keys yet', async () => {
    const user = await signUp(base(a), sink, 'Edsger@Example.test');
    const account = await api().account(user.accessToken);
    expect(account.status).toBe(200);
    expect(account.body).toEqual({
      id: expect.any(String) as unknown,
      email: 'Edsger@Example.test',
      plan: 'free',
      subscription: null,
      stripeCustomer: false,
      limits: { requestsPerMinute: 40, wsConnections: 2, apiKeys: 3 },
      createdAt: expect.any(String) as unknown,
      keys: [],
    });
  });

  it('should rotate refresh tokens, and end the sign-in when a spent one comes back', async () => {
    const user = await signUp(base(a), sink, 'ken@example.test');
    const first = await api().refresh(user.refreshToken);
    expect(first.status).toBe(200);
    const second = refreshCookieOf(first)?.value ?? '';
    expect(second).not.toBe(user.refreshToken);
    const { accessToken } = first.body as { accessToken: string };
    expect((await api().account(accessToken)).status).toBe(200);
    const replay = await api().refresh(user.refreshToken);
    expect(replay.status).toBe(401);
    expect((await api().refresh(second)).status).toBe(401);
    expect((await api().account(accessToken)).status).toBe(401);
    expect((await api().account(user.accessToken)).status).toBe(401);
    expect((await api().refresh('never-issued')).status).toBe(401);
  });

  it('should end the refresh token and its access tokens on every replica at logout', async () => {
    const user = await signUp(base(a), sink, 'margaret@example.test');
    const onB = authApi(base(b));
    expect((await onB.account(user.accessToken)).status).toBe(200);
    const logout = await api().logout(user.refreshToken);
    expect(logout.status).toBe(204);
    const refused = await onB.account(user.accessToken);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await onB.refresh(user.refreshToken)).status).toBe(401);
  });

  it('should answer forgot 202 alike, and reset once, ending every session of the account', async () => {
    const user = await signUp(base(a), sink, 'alan@example.test');
    const second = await api().login(user.email);
    const unknown = await api().forgot('ghost@example.test');
    const known = await api().forgot(user.email);
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    const token = await mailedToken(sink, user.email, 'reset');
    const ttl = await harness.redis.pttl(harness.keys.accountToken('reset', sha256(token)));
    expect(ttl).toBeGreaterThan(HOUR_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(HOUR_MS);
    expect((await api().reset(token, 'a brand new password')).status).toBe(200);
    expect((await api().reset(token, 'yet another password')).status).toBe(400);
    expect((await api().account(user.accessToken)).status).toBe(401);
    expect((await api().account((second.body as { accessToken: string }).accessToken)).status).toBe(401);
    expect((await api().refresh(user.refreshToken)).status).toBe(401);
    expect((await api().login(user.email)).status).toBe(401);
    expect((await api().login(user.email, 'a brand new password')).status).toBe(200);
    expect(sink.mails.filter(mailTo('ghost@example.test'))).toEqual([]);
  });

  it('should refuse even the right password after 10 failed sign-ins in 15 minutes, from an address that never signed in to it', async () => {
    const user = await signUp(base(a), sink, 'tony@example.test');
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const headers = { 'x-forwarded-for': `10.15.0.${attempt}` };
      expect((await api().login(user.email, 'wrong password here', headers)).status).toBe(401);
    }
    const locked = await api().login(user.email, PASSWORD, { 'x-forwarded-for': '10.15.1.1' });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
  });
});
