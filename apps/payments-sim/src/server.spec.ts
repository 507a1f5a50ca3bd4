import { loadEnvironment } from '@pds/config';
import { createAppLogger } from '@pds/observability';
import { PaymentsSimEnvironment } from './payments-sim.environment';
import { buildServer } from './server';

describe('payments-sim server (in process)', () => {
  const env = loadEnvironment(PaymentsSimEnvironment, { PAYSIM_SECRET_KEY: 'sk_test_inprocesskey' });
  const { app } = buildServer(env, createAppLogger('payments-sim', 'error', { write: () => undefined }));
  const auth = { authorization: 'Bearer sk_test_inprocesskey' };
  const form = { ...auth, 'content-type': 'application/x-www-form-urlencoded' };

  let base = '';

  // Real HTTP on a free port: Fastify's inject needs an ES-module dependency Jest does not load here.
  beforeAll(async () => {
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
  });

  async function send(method: string, url: string, headers: Record<string, string> = {}, body?: string) {
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    return {
      statusCode: response.status,
      headers: response.headers,
      body: await response.json(),
    };
  }

  it('should answer a request without a key with 401 in Stripe error shape', async () => {
    const response = await send('GET', '/v1/customers');
    expect(response.statusCode).toBe(401);
    expect(response.body).toEqual({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('You did not provide an API key') as string,
      },
    });
  });

  it('should accept the key as Basic auth, as curl -u sends it', async () => {
    const basic = `Basic ${Buffer.from('sk_test_inprocesskey:').toString('base64')}`;
    expect((await send('GET', '/v1/prices', { authorization: basic })).statusCode).toBe(200);
  });

  it('should decode a hand-written form body with empty brackets and nested metadata', async () => {
    const payload = 'email=raw%40example.com&metadata[account_id]=acc_raw&expand[]=customer';
    const response = await send('POST', '/v1/customers', form, payload);
    expect(response.statusCode).toBe(200);
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    expect(response.body).toMatchObject({ email: 'raw@example.com', metadata: { account_id: 'acc_raw' } });
  });

  it('should refuse a malformed body and an oversized one in Stripe error shape', async () => {
    const malformed = await send('POST', '/v1/customers', form, 'a]=1');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toMatchObject({ error: { type: 'invalid_request_error' } });
    const large = await send('POST', '/v1/customers', form, `description=${'x'.repeat(300_000)}`);
    expect(large.statusCode).toBe(413);
    expect(large.body).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('should answer an unknown API path with 404 in Stripe error shape', async () => {
    const response = await send('GET', '/v1/charges_nope', auth);
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatchObject({
      error: {
        message: expect.stringContaining('Unrecognized request URL (GET: /v1/charges_nope)') as string,
      },
    });
  });

  it('should answer a bad control body with 400', async () => {
    const response = await send(
      'POST',
      '/sim/webhooks/delay',
      { 'content-type': 'application/json' },
      JSON.stringify({ type: 'invoice.paid' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ error: 'ms is required for delay' });
  });
});
