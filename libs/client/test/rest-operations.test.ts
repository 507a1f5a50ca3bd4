import {
  freePort,
  linkParameter,
  type MailSink,
  mailTo,
  PAYMENTS_SIM_SECRET_KEY,
  PAYMENTS_SIM_WEBHOOK_SECRET,
  type PaymentsSim,
  startMailSink,
  startPaymentsSim,
} from '@pds/testing';
import {
  createPriceDataClient,
  ForbiddenError,
  IndexUnavailableError,
  NotFoundError,
  RateLimitError,
  UnauthorizedError,
  ValidationError,
} from '../src';
import { ADMIN_TOKEN, type ClientStack, startClientStack } from './support/client-stack';

const PASSWORD = 'correct horse battery staple';

/** Acceptance 1 of issue 29 (REST): every price operation and the account operations, through the client. */
describe('the client against the real stack: REST', () => {
  let stack: ClientStack;
  let sink: MailSink;
  let payments: PaymentsSim;

  beforeAll(async () => {
    sink = await startMailSink();
    const port = await freePort();
    payments = await startPaymentsSim(`http://127.0.0.1:${port}/api/v1/billing/webhooks/stripe`);
    stack = await startClientStack('client-rest', {
      port,
      gatewayEnv: {
        AUTH_JWT_SECRET: 'client-test-jwt-secret-0123456789abcdef',
        SMTP_URL: sink.url,
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        STRIPE_SECRET_KEY: PAYMENTS_SIM_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: PAYMENTS_SIM_WEBHOOK_SECRET,
        STRIPE_API_URL: payments.baseUrl,
      },
    });
  });

  afterAll(async () => {
    await payments.app.stop();
    await stack.stop();
    await sink.close();
  });

  it('should answer the three price operations with the typed bodies, rate-limit figures and source', async () => {
    const client = stack.client();
    const price = await client.getCurrentPrice();
    expect(price.data.price).toMatch(/^\d+\.\d{8}$/);
    expect(price.rateLimit).toEqual({
      limit: 10_000,
      remaining: expect.any(Number) as unknown,
      resetSeconds: expect.any(Number) as unknown,
    });
    expect(price.priceSource).toBe('binance');

    const klines = await client.getKlines({ interval: '1m', limit: 5 });
    expect(klines.data.klines).toHaveLength(5);
    expect(klines.data.klines.at(-1)?.isClosed).toBe(false);
    const from = klines.data.klines[0]!.openTime;
    const range = await client.getKlines({ interval: '1m', from, to: klines.data.klines[2]!.openTime });
    expect(range.data.klines.map((k) => k.openTime)).toEqual(
      klines.data.klines.slice(0, 3).map((k) => k.openTime),
    );

    const current = await client.getCurrentKline({ interval: '1m' });
    expect(current.data).toMatchObject({ isClosed: false, openTime: expect.any(String) as unknown });
    expect(current.rateLimit?.limit).toBe(10_000);
  });

  it('should throw typed errors with the service words', async () => {
    const client = stack.client();
    const invalid = client.getKlines({ interval: '2m' as '1m' });
    await expect(invalid).rejects.toBeInstanceOf(ValidationError);
    await expect(invalid).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    const stranger = stack.client({ apiKey: 'not-a-key-of-this-service' });
    await expect(stranger.getCurrentPrice()).rejects.toEqual(
      expect.objectContaining({ name: 'UnauthorizedError', message: 'Invalid API key', status: 401 }),
    );
    await expect(stranger.getCurrentPrice()).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('should call the index operations and throw IndexUnavailableError with one exchange to follow', async () => {
    const client = stack.client();
    const unavailable = { name: 'IndexUnavailableError', status: 503, code: 'INDEX_UNAVAILABLE' };
    const index = client.getIndex();
    await expect(index).rejects.toBeInstanceOf(IndexUnavailableError);
    await expect(index).rejects.toMatchObject(unavailable);
    await expect(client.getIndexKlines({ interval: '1m' })).rejects.toMatchObject(unavailable);
    const range = await client.getIndexKlines({ interval: '1m', from: '2020-01-01T00:00:00Z', limit: 5 });
    expect(range.data.klines).toEqual([]);
    expect(range.rateLimit?.limit).toBe(10_000);
  });

  it('should throw RateLimitError with the seconds to wait when a key is over its limit', async () => {
    const admin = createPriceDataClient({ baseUrl: stack.baseUrl, adminToken: ADMIN_TOKEN });
    const { key } = (await admin.admin.createApiKey({ name: 'one-a-minute', requestsPerMinute: 1 })).data;
    // No retries: a wait of up to a minute is the caller's to choose.
    const limited = stack.client({ apiKey: key, retry: { maxRetries: 0 } });
    const first = await limited.getCurrentPrice();
    expect(first.rateLimit).toMatchObject({ limit: 1 });
    // The second call is refused, unless the minute's window ended in between: then the third is.
    let refused: unknown;
    for (let call = 0; call < 2 && refused === undefined; call += 1) {
      refused = await limited.getCurrentPrice().then(
        () => undefined,
        (error: unknown) => error,
      );
    }
    expect(refused).toBeInstanceOf(RateLimitError);
    const { retryAfterSeconds } = refused as RateLimitError;
    expect(retryAfterSeconds).toBeGreaterThan(0);
    expect(retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('should run the admin operations on keys and boosts', async () => {
    const admin = createPriceDataClient({ baseUrl: stack.baseUrl, adminToken: ADMIN_TOKEN });
    const created = (await admin.admin.createApiKey({ name: 'admin-made', wsConnections: 3 })).data;
    expect((await admin.admin.listApiKeys()).data.apiKeys.map((k) => k.id)).toContain(created.id);
    const boost = await admin.admin.grantBoost(created.id, {
      extraRequestsPerMinute: 10,
      expiresInSeconds: 600,
    });
    expect(boost.status).toBe(201);
    const boosts = (await admin.admin.listApiKeyBoosts(created.id)).data.boosts;
    expect(boosts).toHaveLength(1);

    const owner = stack.client({ apiKey: created.key });
    expect((await owner.apiKeys.me()).data).toMatchObject({ id: created.id, name: 'admin-made' });
    expect((await owner.boosts.listOwn()).data.boosts).toHaveLength(1);

    await admin.admin.endBoost(created.id, boosts[0]!.id);
    expect((await owner.boosts.listOwn()).data.boosts).toHaveLength(0);
    await admin.admin.revokeApiKey(created.id);
    await expect(owner.getCurrentPrice()).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(admin.admin.revokeApiKey('no-such-key')).rejects.toBeInstanceOf(NotFoundError);
    const notAdmin = createPriceDataClient({ baseUrl: stack.baseUrl, adminToken: 'wrong-token-0123456789' });
    await expect(notAdmin.admin.listApiKeys()).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('should sign up, sign in, manage keys, buy through Checkout and sign out through the client', async () => {
    const email = `client-${Date.now()}@example.test`;
    const client = createPriceDataClient({ baseUrl: stack.baseUrl });
    expect((await client.auth.register({ email, password: PASSWORD })).status).toBe(202);
    expect((await client.auth.resendVerification({ email })).status).toBe(202);
    const mail = await sink.waitForMail(mailTo(email));
    // Confirming signs in: the account calls work straight after it.
    const confirmed = await client.auth.verifyEmail({
      token: linkParameter(mail, 'verify') ?? '',
      password: PASSWORD,
    });
    expect(confirmed.data).toMatchObject({ tokenType: 'Bearer', accessToken: expect.any(String) as unknown });
    expect((await client.account.get()).data).toMatchObject({ email, plan: 'free', subscription: null });
    const login = await client.auth.login({ email, password: PASSWORD });
    expect(login.data).toMatchObject({ tokenType: 'Bearer', accessToken: expect.any(String) as unknown });

    const key = (await client.apiKeys.create({ name: 'laptop' })).data;
    expect((await client.apiKeys.list()).data.apiKeys.map((k) => k.id)).toEqual([key.id]);
    const withKey = stack.client({ apiKey: key.key });
    expect((await withKey.getCurrentPrice()).data.price).toMatch(/^\d+\.\d{8}$/);
    await client.apiKeys.revoke(key.id);
    await expect(withKey.getCurrentPrice()).rejects.toBeInstanceOf(UnauthorizedError);

    const catalogue = (await client.billing.listPlans()).data;
    const paid = catalogue.plans.find((plan) => plan.id !== 'free')!;
    const checkout = (await client.billing.startCheckout({ plan: paid.id })).data;
    expect(checkout.url).toContain(payments.baseUrl);
    expect((await client.billing.startBoostCheckout({ boost: catalogue.boosts[0]!.id })).data.url).toContain(
      payments.baseUrl,
    );
    await payments.submitCheckout(checkout.url, 'pay');
    const { data: portal } = await client.billing.openPortal();
    expect(portal.url).toContain(payments.baseUrl);
    await expect(client.billing.changePlan({ plan: 'no-such-plan' })).rejects.toBeInstanceOf(ValidationError);
    await expect(client.billing.previewPlanChange('no-such-plan')).rejects.toBeInstanceOf(ValidationError);
    const { data: invoices } = await client.billing.listInvoices();
    expect(Array.isArray(invoices.invoices)).toBe(true);

    // The refresh cookie of the sign-in, kept by the client, gives a new access token; each refresh
    // spends its cookie, so a second one works only if the client kept the cookie the first set.
    for (let refresh = 0; refresh < 2; refresh += 1) {
      const refreshed = await client.auth.refresh();
      expect(refreshed.data).toMatchObject({
        tokenType: 'Bearer',
        accessToken: expect.any(String) as unknown,
      });
      expect((await client.account.get()).status).toBe(200);
    }
    expect((await client.auth.logout()).status).toBe(204);
    await expect(client.account.get()).rejects.toBeInstanceOf(UnauthorizedError);

    expect((await client.auth.forgotPassword({ email })).status).toBe(202);
    const reset = await sink.waitForMail(
      (each) => mailTo(email)(each) && linkParameter(each, 'reset') !== undefined,
    );
    await client.auth.resetPassword({ token: linkParameter(reset, 'reset') ?? '', password: `${PASSWORD}!` });
    await expect(client.auth.login({ email, password: PASSWORD })).rejects.toBeInstanceOf(UnauthorizedError);
    expect((await client.auth.login({ email, password: `${PASSWORD}!` })).status).toBe(200);
  });
});
