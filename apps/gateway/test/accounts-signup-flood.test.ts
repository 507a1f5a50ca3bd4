import { mailTo, type MailSink, type RunningApp, startMailSink } from '@pds/testing';
import { accountsEnv, authApi, mailedToken } from './support/accounts-api';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';

const OWNER_PASSWORD = 'the owner chose this one';

/**
 * Issue 54: a stranger's flood of sign-ups of the owner's address neither pushes out the owner's
 * pending registration nor fills the owner's mailbox (CONTRACT section 10).
 */
describe('accounts: sign-up under a flood', () => {
  let harness: GatewayHarness;
  let sink: MailSink;
  let gateway: RunningApp;
  const api = () => authApi(`http://127.0.0.1:${gateway.port}`);

  beforeAll(async () => {
    harness = await gatewayHarness('accounts-signup-flood');
    sink = await startMailSink();
    gateway = await harness.startGateway(accountsEnv(sink));
  });

  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  it("should keep the owner's registration usable and mail at most 5 an hour when a stranger signs the address up 12 times", async () => {
    const email = 'flooded-owner@example.test';
    expect((await api().register(email, OWNER_PASSWORD)).status).toBe(202);
    const ownersLink = await mailedToken(sink, email, 'verify');
    for (let attempt = 0; attempt < 12; attempt += 1)
      expect((await api().register(email, `a stranger's password ${attempt}`)).status).toBe(202);
    expect((await api().resendVerification(email)).status).toBe(202);
    // A mail asked for after the flood, to another address: once it is in, the flood's are too.
    expect((await api().register('after-the-flood@example.test', OWNER_PASSWORD)).status).toBe(202);
    await mailedToken(sink, 'after-the-flood@example.test', 'verify');
    expect(sink.mails.filter(mailTo(email))).toHaveLength(5);

    expect((await api().verifyEmail(ownersLink, OWNER_PASSWORD)).status).toBe(200);
    expect((await api().login(email, OWNER_PASSWORD)).status).toBe(200);
    expect((await api().login(email, "a stranger's password 11")).status).toBe(401);
  });
});
