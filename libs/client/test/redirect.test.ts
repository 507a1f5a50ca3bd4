import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPriceDataClient, RedirectRefusedError } from '../src';

const API_KEY = 'pds_redirect_test_key_0123456789abcdefghijklmnop';

/** A local HTTP server giving every request one answer; its URL, the headers it received, and close. */
async function localServer(status: number, headers: Record<string, string>, body: string) {
  const received: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    received.push(request.headers);
    request.resume();
    response.writeHead(status, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // `localhost` and `127.0.0.1` are different origins, so the redirect below crosses one.
    url: (host: string) => `http://${host}:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}

/** Issue 34: the typed client never follows a redirect, so its key never leaves for another origin. */
describe('the client and a redirect', () => {
  let elsewhere: Awaited<ReturnType<typeof localServer>>;
  let redirecting: Awaited<ReturnType<typeof localServer>>;

  beforeAll(async () => {
    elsewhere = await localServer(200, { 'content-type': 'application/json' }, '{"symbol":"BTCUSDT"}');
    redirecting = await localServer(
      302,
      { location: `${elsewhere.url('localhost')}/api/v1/prices/current` },
      '',
    );
  });

  afterAll(async () => {
    await Promise.all([elsewhere.close(), redirecting.close()]);
  });

  it('should refuse a 302 to another origin with a typed error, and the key should not arrive there', async () => {
    const client = createPriceDataClient({
      baseUrl: redirecting.url('127.0.0.1'),
      apiKey: API_KEY,
      retry: { maxRetries: 0 },
    });
    const refused = await client.getCurrentPrice().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RedirectRefusedError);
    expect(refused).toMatchObject({
      code: 'REDIRECT_REFUSED',
      status: 302,
      location: `${elsewhere.url('localhost')}/api/v1/prices/current`,
    });
    expect(redirecting.received.map((headers) => headers['x-api-key'])).toEqual([API_KEY]);
    expect(elsewhere.received).toEqual([]);
  });

  it('should refuse a redirect of an account operation too, its password body going nowhere else', async () => {
    const client = createPriceDataClient({ baseUrl: redirecting.url('127.0.0.1'), retry: { maxRetries: 0 } });
    const refused = client.auth.login({ email: 'ada@example.com', password: 'correct horse battery staple' });
    await expect(refused).rejects.toBeInstanceOf(RedirectRefusedError);
    expect(elsewhere.received).toEqual([]);
  });
});
