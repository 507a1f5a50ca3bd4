import { PRICE } from '@pds/testing';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';

const MISSING = {
  code: 'UNAUTHORIZED',
  message:
    'Missing API key: send it in the x-api-key header, as Authorization: Bearer <key>, or as the apiKey query parameter',
};
const INVALID = { code: 'UNAUTHORIZED', message: 'Invalid API key' };

describe('API key authentication (CONTRACT section 4)', () => {
  let harness: GatewayHarness;
  let key: string;

  beforeAll(async () => {
    harness = await gatewayHarness('auth');
    await seedMarket(harness.redis, harness.keys);
    ({ key } = await harness.createKey({ requestsPerMinute: 10_000 }));
    await harness.startGateway({ AUTH_FAILURES_PER_MINUTE: '60', TRUSTED_PROXIES: 'loopback' });
  });

  afterAll(() => harness.close());

  const get = (path: string, headers: Record<string, string> = {}, address = '10.0.0.1') =>
    getJson(`${harness.url()}${path}`, { 'x-forwarded-for': address, ...headers });

  it('should accept the key in the x-api-key header', async () => {
    expect((await get(PRICE, { 'x-api-key': key })).status).toBe(200);
  });

  it('should accept the key as a Bearer token', async () => {
    expect((await get(PRICE, { authorization: `Bearer ${key}` })).status).toBe(200);
  });

  it('should accept the key in the apiKey query parameter', async () => {
    expect((await get(`${PRICE}?apiKey=${key}`)).status).toBe(200);
  });

  it('should accept the same key sent in all three schemes', async () => {
    const response = await get(`${PRICE}?apiKey=${key}`, {
      'x-api-key': key,
      authorization: `Bearer ${key}`,
    });
    expect(response.status).toBe(200);
  });

  it('should answer 401 with the missing-key body and WWW-Authenticate when no key is sent', async () => {
    const response = await get(PRICE);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(MISSING);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('should answer 401 Invalid API key for an unknown key', async () => {
    const response = await get(PRICE, { 'x-api-key': 'pds_not-a-real-key' }, '10.0.0.2');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID);
  });

  it('should answer 401 Invalid API key for conflicting keys', async () => {
    const response = await get(`${PRICE}?apiKey=other`, { 'x-api-key': key }, '10.0.0.2');
    expect(response.body).toEqual(INVALID);
  });

  it('should refuse a revoked key', async () => {
    const revoked = await harness.createKey();
    expect((await get(PRICE, { 'x-api-key': revoked.key }, '10.0.0.3')).status).toBe(200);
    await harness.revokeKey(revoked.id);
    // The gateway learns of the revocation through pub/sub; poll until it has.
    const answer = await eventually(() => get(PRICE, { 'x-api-key': revoked.key }, '10.0.0.3'));
    expect(answer.body).toEqual(INVALID);
  });

  it('should check the key before validating the query', async () => {
    const response = await get('/api/v1/prices/klines?interval=nope');
    expect(response.status).toBe(401);
  });

  it('should never write a key into the log, also not inside a URL', async () => {
    await get(`${PRICE}?apiKey=${key}&symbol=btcusdt`);
    const gateway = harness.gateways[0]!;
    await gateway.waitForLog((entry) => entry.msg === 'request' && entry.route === '/api/v1/prices/current');
    expect(gateway.output.join('\n')).not.toContain(key);
    expect(gateway.output.join('\n')).not.toContain('apiKey=');
  });

  it('should answer 429 to an address past 60 failed authentications a minute', async () => {
    const address = '10.9.9.9';
    for (let attempt = 1; attempt <= 60; attempt += 1) {
      expect((await get(PRICE, { 'x-api-key': `wrong-${attempt}` }, address)).status).toBe(401);
    }
    const blocked = await get(PRICE, { 'x-api-key': 'wrong-61' }, address);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even a valid key is not looked at from a blocked address; another address is unaffected.
    expect((await get(PRICE, { 'x-api-key': key }, address)).status).toBe(429);
    expect((await get(PRICE, { 'x-api-key': key }, '10.9.9.10')).status).toBe(200);
  });

  it('should count failures by the address the proxy saw, whatever leftmost X-Forwarded-For a client writes', async () => {
    // The client writes an address of its own; the proxy (loopback here) appends the one it saw.
    const spoofed = (n: number) => `198.51.100.${n}, 10.8.8.8`;
    for (let attempt = 1; attempt <= 60; attempt += 1) {
      expect((await get(PRICE, { 'x-api-key': `wrong-${attempt}` }, spoofed(attempt))).status).toBe(401);
    }
    expect((await get(PRICE, { 'x-api-key': 'wrong-61' }, spoofed(61))).status).toBe(429);
    expect((await get(PRICE, { 'x-api-key': key }, '10.8.8.8')).status).toBe(429);
  });
});

/** Repeats a request until it is refused; Jest's timeout bounds the wait. */
async function eventually(
  read: () => Promise<{ status: number; body: unknown }>,
): Promise<{ body: unknown }> {
  for (;;) {
    const response = await read();
    if (response.status === 401) return response;
  }
}
