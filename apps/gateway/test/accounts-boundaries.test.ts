import { CURRENT_KLINE, type MailSink, PRICE, type RunningApp, startMailSink } from '@pds/testing';
import { requestJson } from './support/admin-api';
import { accountsEnv, authApi, PASSWORD, signUp } from './support/accounts-api';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';
import { connect, wsUrl } from './support/ws-client';

interface OpenApiOperation {
  readonly tags?: string[];
  readonly responses?: Record<string, unknown>;
  readonly security?: unknown;
  readonly requestBody?: unknown;
}

interface OpenApiDocument {
  readonly paths: Record<string, Partial<Record<'get' | 'post', OpenApiOperation>> | undefined>;
}

/** Issue 14: where the auth area meets the rest: other credentials, body limits, the document. */
describe('accounts: credentials, bodies and the OpenAPI document', () => {
  let harness: GatewayHarness;
  let sink: MailSink;
  let a: RunningApp;
  const base = (gateway: RunningApp) => `http://127.0.0.1:${gateway.port}`;
  const api = () => authApi(base(a));

  beforeAll(async () => {
    harness = await gatewayHarness('accounts-edges');
    sink = await startMailSink();
    await seedMarket(harness.redis, harness.keys);
    a = await harness.startGateway({ ...accountsEnv(sink), ACCOUNT_MAIL_REQUESTS_PER_HOUR: '5' });
  });

  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  it('should refuse an access token on a price operation and an API key on an account operation', async () => {
    const user = await signUp(base(a), sink, 'dennis@example.test');
    const price = await getJson(`${base(a)}${PRICE}`, { authorization: `Bearer ${user.accessToken}` });
    expect(price.status).toBe(401);
    expect(price.body).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid API key' });
    const stream = await connect(wsUrl(base(a), CURRENT_KLINE, { apiKey: user.accessToken, interval: '1m' }));
    expect(stream.first).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid API key' });
    expect(await stream.client.closed).toEqual({ code: 4401, reason: 'UNAUTHORIZED' });
    const { key } = await harness.createKey();
    const schemes: Record<string, string>[] = [{ authorization: `Bearer ${key}` }, { 'x-api-key': key }];
    for (const headers of schemes) {
      const account = await requestJson('GET', `${base(a)}/api/v1/account`, { headers });
      expect(account.status).toBe(401);
      expect(account.body).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('should answer 413 over 16 KiB and 400 for unknown fields, in the error shape', async () => {
    const big = await api().register('big@example.test', 'x'.repeat(17 * 1024));
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' });
    const extra = await requestJson('POST', `${base(a)}/api/v1/auth/register`, {
      body: { email: 'extra@example.test', password: PASSWORD, plan: 'gold' },
    });
    expect(extra.status).toBe(400);
    expect(extra.body).toEqual({ code: 'VALIDATION_ERROR', message: 'plan is not a known field' });
    const short = await api().register('short@example.test', 'too short');
    expect(short.body).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'password must be a string of 12 to 128 characters',
    });
  });
  it('should limit sign-ups and reset requests per address and hour, before any work is done', async () => {
    const from = { 'x-forwarded-for': '10.16.0.1' };
    for (let index = 1; index <= 4; index += 1) {
      expect((await api().register(`flood${index}@example.test`, PASSWORD, from)).status).toBe(202);
    }
    const forgot = await requestJson('POST', `${base(a)}/api/v1/auth/password/forgot`, {
      body: { email: 'flood1@example.test' },
      headers: from,
    });
    expect(forgot.status).toBe(202);
    const refused = await api().register('flood6@example.test', PASSWORD, from);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    expect(
      (await api().register('elsewhere@example.test', PASSWORD, { 'x-forwarded-for': '10.16.0.2' })).status,
    ).toBe(202);
  });

  it('should keep CORS closed: no other origin is allowed to call the auth operations', async () => {
    const preflight = await fetch(`${base(a)}/api/v1/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const login = await api().login('nobody@example.test', PASSWORD, { origin: 'https://evil.example' });
    expect(login.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('should document every auth operation with the auth tag, and the account with the access-token scheme', async () => {
    const document = (await getJson(`${base(a)}/docs-json`)).body as OpenApiDocument;
    const operations = [
      ['/api/v1/auth/register', 'post', '202'],
      ['/api/v1/auth/verify-email', 'post', '200'],
      ['/api/v1/auth/verify-email/resend', 'post', '202'],
      ['/api/v1/auth/login', 'post', '200'],
      ['/api/v1/auth/refresh', 'post', '200'],
      ['/api/v1/auth/logout', 'post', '204'],
      ['/api/v1/auth/password/forgot', 'post', '202'],
      ['/api/v1/auth/password/reset', 'post', '200'],
      ['/api/v1/account', 'get', '200'],
    ] as const;
    for (const [path, method, success] of operations) {
      const operation = document.paths[path]?.[method];
      expect(operation?.tags).toEqual(['auth']);
      expect(Object.keys(operation?.responses ?? {})).toContain(success);
    }
    expect(document.paths['/api/v1/account']?.get?.security).toEqual([{ AccessToken: [] }]);
    expect(document.paths['/api/v1/auth/register']?.post?.requestBody).toBeDefined();
  });
});
