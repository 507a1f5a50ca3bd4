import { type MailSink, type RunningApp, startMailSink } from '@pds/testing';
import { accountsEnv, authApi, mailedToken, PASSWORD } from './support/accounts-api';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';

const SQUATTER_PASSWORD = 'the squatter chose this';
const OWNER_PASSWORD = 'the owner chose this one';
const from = (address: string) => ({ 'x-forwarded-for': address });

/**
 * Issues 27 and 34: the attacks on sign-in reviews reproduced, as an attacker runs them against a
 * real gateway and mail sink (CONTRACT section 10).
 */
describe('accounts: sign-in cannot be hijacked before verification nor jammed by a stranger', () => {
  let harness: GatewayHarness;
  let sink: MailSink;
  let gateway: RunningApp;
  const api = () => authApi(`http://127.0.0.1:${gateway.port}`);

  beforeAll(async () => {
    harness = await gatewayHarness('accounts-attacks');
    sink = await startMailSink();
    gateway = await harness.startGateway(accountsEnv(sink));
  });

  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  /** Registers `email` twice, first with `first`, then with `second`; both mailed links. */
  async function registerTwice(email: string, first: string, second: string) {
    expect((await api().register(email, first)).status).toBe(202);
    const firstLink = await mailedToken(sink, email, 'verify');
    expect((await api().register(email, second)).status).toBe(202);
    const secondLink = await mailedToken(sink, email, 'verify', [firstLink]);
    return { firstLink, secondLink };
  }

  it('should give the account to the password used with the link, whichever registration mailed it', async () => {
    // The squatter registers the owner's address first; the owner then signs up too.
    const email = 'squatted@example.test';
    const { firstLink: squattersMail, secondLink: ownersMail } = await registerTwice(
      email,
      SQUATTER_PASSWORD,
      OWNER_PASSWORD,
    );
    // Before confirming, the owner's sign-in hears "not confirmed yet", not "wrong password".
    expect((await api().login(email, OWNER_PASSWORD)).status).toBe(403);
    // A password of no registration: refused, and the link stays usable.
    const refused = await api().verifyEmail(ownersMail, 'a password nobody registered');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'UNAUTHORIZED' });
    // The owner opens the squatter's own mail (both came to the owner's inbox) with the owner's password.
    const confirmed = await api().verifyEmail(squattersMail, OWNER_PASSWORD);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ tokenType: 'Bearer' });
    expect((await api().login(email, OWNER_PASSWORD)).status).toBe(200);
    expect((await api().login(email, SQUATTER_PASSWORD)).status).toBe(401);
    for (const link of [squattersMail, ownersMail]) {
      const late = await api().verifyEmail(link, SQUATTER_PASSWORD);
      expect(late.status).toBe(409);
      expect(late.body).toEqual({ code: 'CONFLICT', message: 'email is already confirmed; sign in' });
    }
  });

  it('should give the account to the owner through a resent link, whoever registered first', async () => {
    const email = 'resent@example.test';
    const { firstLink, secondLink } = await registerTwice(email, SQUATTER_PASSWORD, OWNER_PASSWORD);
    expect((await api().resendVerification(email)).status).toBe(202);
    const resent = await mailedToken(sink, email, 'verify', [firstLink, secondLink]);
    expect((await api().verifyEmail(resent, SQUATTER_PASSWORD + ' not')).status).toBe(401);
    expect((await api().verifyEmail(resent, OWNER_PASSWORD)).status).toBe(200);
    expect((await api().login(email, OWNER_PASSWORD)).status).toBe(200);
    expect((await api().login(email, SQUATTER_PASSWORD)).status).toBe(401);
    expect((await api().verifyEmail(firstLink, SQUATTER_PASSWORD)).status).toBe(409);
  });

  it("should keep the first registration's password usable after a second sign-up", async () => {
    const email = 'owner-first@example.test';
    const { secondLink } = await registerTwice(email, OWNER_PASSWORD, SQUATTER_PASSWORD);
    // The later registration's link, opened by the owner with the owner's own password.
    expect((await api().verifyEmail(secondLink, OWNER_PASSWORD)).status).toBe(200);
    expect((await api().login(email, OWNER_PASSWORD)).status).toBe(200);
    expect((await api().login(email, SQUATTER_PASSWORD)).status).toBe(401);
  });

  it('should confirm the email with a password reset link, the pending registrations forgotten', async () => {
    const email = 'forgot-before-confirming@example.test';
    const { firstLink } = await registerTwice(email, SQUATTER_PASSWORD, OWNER_PASSWORD);
    expect((await api().forgot(email)).status).toBe(202);
    const reset = await api().reset(await mailedToken(sink, email, 'reset'), 'the owner reset this one');
    expect(reset.status).toBe(200);
    expect((await api().login(email, 'the owner reset this one')).status).toBe(200);
    expect((await api().verifyEmail(firstLink, SQUATTER_PASSWORD)).status).toBe(409);
  });

  it('should let the owner sign in from a known address while a stranger is refused with 429', async () => {
    const email = 'jammed@example.test';
    const owner = from('10.27.0.1');
    const stranger = from('10.27.66.6');
    expect((await api().register(email)).status).toBe(202);
    expect((await api().verifyEmail(await mailedToken(sink, email, 'verify'))).status).toBe(200);
    expect((await api().login(email, PASSWORD, owner)).status).toBe(200);

    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await api().login(email, 'a wrong guess, again', stranger)).status).toBe(401);
    }
    const refused = await api().login(email, 'a wrong guess, again', stranger);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const strangerRight = await api().login(email, PASSWORD, stranger);
    expect(strangerRight.status).toBe(429);
    expect(Number(strangerRight.headers.get('retry-after'))).toBeGreaterThan(0);

    const ownerDuringAttack = await api().login(email, PASSWORD, owner);
    expect(ownerDuringAttack.status).toBe(200);
    expect(ownerDuringAttack.body).toMatchObject({ tokenType: 'Bearer' });
  });

  it('should check at most 10 of 30 concurrent wrong passwords, refusing the rest unchecked', async () => {
    const email = 'guessed-at-once@example.test';
    expect((await api().register(email)).status).toBe(202);
    expect((await api().verifyEmail(await mailedToken(sink, email, 'verify'))).status).toBe(200);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, n) => api().login(email, `wrong guess number ${n}`, from('10.34.0.1'))),
    );
    const checked = guesses.filter((answer) => answer.status === 401);
    const refused = guesses.filter((answer) => answer.status === 429);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(refused).toHaveLength(30 - checked.length);
    for (const answer of refused) {
      expect(answer.body).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('should refuse an address the owner signed in from past 50 failures of its own', async () => {
    const email = 'shared-exit@example.test';
    const sharedExit = from('10.34.1.1');
    expect((await api().register(email)).status).toBe(202);
    expect((await api().verifyEmail(await mailedToken(sink, email, 'verify'))).status).toBe(200);
    expect((await api().login(email, PASSWORD, sharedExit)).status).toBe(200);
    for (let attempt = 1; attempt <= 50; attempt += 1) {
      expect((await api().login(email, 'a guess from behind the same NAT', sharedExit)).status).toBe(401);
    }
    const refused = await api().login(email, 'a guess from behind the same NAT', sharedExit);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The strangers' count is apart: the owner's address being busy did not lock a new one out.
    expect((await api().login(email, PASSWORD, from('10.34.1.2'))).status).toBe(200);
  });

  it("should not take a stranger for the owner when it writes the owner's address into X-Forwarded-For", async () => {
    const email = 'spoofed-owner@example.test';
    const ownerAddress = '10.34.2.1';
    expect((await api().register(email)).status).toBe(202);
    expect((await api().verifyEmail(await mailedToken(sink, email, 'verify'))).status).toBe(200);
    expect((await api().login(email, PASSWORD, from(ownerAddress))).status).toBe(200);
    // The stranger at 10.34.66.6 writes the owner's address first; the proxy appends the real one.
    const posing = from(`${ownerAddress}, 10.34.66.6`);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await api().login(email, 'a wrong guess, posing', posing)).status).toBe(401);
    }
    expect((await api().login(email, 'a wrong guess, posing', posing)).status).toBe(429);
    expect((await api().login(email, PASSWORD, from(ownerAddress))).status).toBe(200);
  });

  it('should clear the failure count when the password is reset', async () => {
    const email = 'reset-clears@example.test';
    const newAddress = from('10.27.1.2');
    expect((await api().register(email)).status).toBe(202);
    expect((await api().verifyEmail(await mailedToken(sink, email, 'verify'))).status).toBe(200);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await api().login(email, 'a wrong guess, again', from('10.27.2.9'))).status).toBe(401);
    }
    expect((await api().login(email, PASSWORD, newAddress)).status).toBe(429);
    expect((await api().forgot(email)).status).toBe(202);
    const reset = await api().reset(await mailedToken(sink, email, 'reset'), 'a fresh password 2026');
    expect(reset.status).toBe(200);
    expect((await api().login(email, 'a fresh password 2026', newAddress)).status).toBe(200);
  });
});
