import { type MailSink, type RunningApp, startMailSink } from '@pds/testing';
import { accountsEnv, authApi, mailedToken, PASSWORD } from './support/accounts-api';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';

const SQUATTER_PASSWORD = 'the squatter chose this';
const OWNER_PASSWORD = 'the owner chose this one';
const from = (address: string) => ({ 'x-forwarded-for': address });

/**
 * Issue 27: the two attacks on sign-in a security review reproduced, as an attacker runs them
 * against a real gateway and mail sink (CONTRACT section 10).
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

  it('should keep the first link working, and its password the one that counts, after a second sign-up', async () => {
    const email = 'owner-first@example.test';
    const { firstLink, secondLink } = await registerTwice(email, OWNER_PASSWORD, SQUATTER_PASSWORD);
    expect((await api().verifyEmail(firstLink)).status).toBe(200);
    expect((await api().login(email, OWNER_PASSWORD)).status).toBe(200);
    expect((await api().login(email, SQUATTER_PASSWORD)).status).toBe(401);
    // The other registration's link cannot change the password of the account once verified.
    expect((await api().verifyEmail(secondLink)).status).toBe(400);
    expect((await api().login(email, OWNER_PASSWORD)).status).toBe(200);
  });

  it('should make the password of the registration whose link is opened the one that counts', async () => {
    const email = 'squatted@example.test';
    const { firstLink, secondLink } = await registerTwice(email, SQUATTER_PASSWORD, OWNER_PASSWORD);
    expect((await api().verifyEmail(secondLink)).status).toBe(200);
    expect((await api().login(email, OWNER_PASSWORD)).status).toBe(200);
    expect((await api().login(email, SQUATTER_PASSWORD)).status).toBe(401);
    expect((await api().verifyEmail(firstLink)).status).toBe(400);
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
