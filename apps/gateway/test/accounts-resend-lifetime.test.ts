import { eventually, type MailSink, mailTo, type RunningApp, startMailSink } from '@pds/testing';
import { accountsEnv, authApi, mailedToken, PASSWORD, refreshCookieOf, signUp } from './support/accounts-api';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';

/** A sign-in's absolute end, short enough to watch it come (CONTRACT section 10 says 30 days). */
const SESSION_MAX_AGE_SECONDS = 6;

/** Issue 27: verification mail resent on request, and a sign-in that ends however often refreshed. */
describe('accounts: resending the verification mail, and the absolute end of a sign-in', () => {
  let harness: GatewayHarness;
  let sink: MailSink;
  let gateway: RunningApp;
  const base = () => `http://127.0.0.1:${gateway.port}`;
  const api = () => authApi(base());
  const resend = (email: string) => api().resendVerification(email);

  beforeAll(async () => {
    harness = await gatewayHarness('accounts-resend');
    sink = await startMailSink();
    gateway = await harness.startGateway({
      ...accountsEnv(sink),
      AUTH_SESSION_MAX_AGE_SECONDS: String(SESSION_MAX_AGE_SECONDS),
    });
  });

  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  it('should answer 202 with the same body for an unknown, an unverified and a verified email', async () => {
    await api().register('pending@example.test');
    await signUp(base(), sink, 'verified@example.test');
    const answers = await Promise.all(
      ['nobody@example.test', 'pending@example.test', 'verified@example.test'].map(resend),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual(answers[0]?.body);
    }
  });

  it('should mail a new working link to an unverified account, at most once a minute', async () => {
    const email = 'lost-the-mail@example.test';
    await api().register(email);
    const first = await mailedToken(sink, email, 'verify');
    expect((await resend(email)).status).toBe(202);
    const second = await mailedToken(sink, email, 'verify', [first]);
    expect((await resend(email)).status).toBe(202);
    // A mail that never comes cannot be awaited: a later mail to another address shows the
    // gateway has sent everything before it, and none of it was a third link.
    await api().register('marker@example.test');
    await mailedToken(sink, 'marker@example.test', 'verify');
    expect(sink.mails.filter(mailTo(email))).toHaveLength(2);
    expect((await api().verifyEmail(second)).status).toBe(200);
    expect((await api().login(email)).status).toBe(200);
    expect((await api().verifyEmail(first)).status).toBe(409);
  });

  it('should send nothing for an unknown or a verified email', async () => {
    const verified = await signUp(base(), sink, 'done-already@example.test');
    expect((await resend(verified.email)).status).toBe(202);
    expect((await resend('never-registered@example.test')).status).toBe(202);
    await api().register('marker-2@example.test');
    await mailedToken(sink, 'marker-2@example.test', 'verify');
    expect(sink.mails.filter(mailTo(verified.email))).toHaveLength(1);
    expect(sink.mails.filter(mailTo('never-registered@example.test'))).toEqual([]);
  });

  it('should end a sign-in at its absolute end however often it is refreshed, and clear the cookie', async () => {
    const user = await signUp(base(), sink, 'refresher@example.test');
    let refreshToken = user.refreshToken;
    let accessToken = user.accessToken;
    let refreshes = 0;
    const ended = await eventually(
      async () => {
        const answer = await api().refresh(refreshToken);
        if (answer.status !== 200) return answer;
        refreshes += 1;
        refreshToken = refreshCookieOf(answer)?.value ?? '';
        accessToken = (answer.body as { accessToken: string }).accessToken;
        const maxAge = Number(/Max-Age=(\d+)/i.exec(refreshCookieOf(answer)?.line ?? '')?.[1]);
        expect(maxAge).toBeLessThanOrEqual(SESSION_MAX_AGE_SECONDS);
        return undefined;
      },
      'the sign-in to end',
      60_000,
    );
    expect(refreshes).toBeGreaterThan(0);
    expect(ended.status).toBe(401);
    expect(ended.body).toMatchObject({ code: 'UNAUTHORIZED' });
    const cleared = refreshCookieOf(ended);
    expect(cleared?.value).toBe('');
    expect(cleared?.line).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    expect((await api().account(accessToken)).status).toBe(401);
    expect((await api().login(user.email, PASSWORD)).status).toBe(200);
  });
});
