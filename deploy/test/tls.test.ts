import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort, PRICE } from '@pds/testing';
import { connect, type StreamClient, wsUrl } from '../../apps/gateway/test/support';
import { type ReplicaStack, startReplicaStack } from './support/replica-stack';
import { type RunningNginx, startNginx } from './support/nginx';
import { handshake, httpsGetJson, type SelfSigned, selfSignedCertificate } from './support/tls';

const HSTS = 'max-age=63072000';

/** A Price: the snapshot frame of the current-price stream. */
const PRICE_FRAME = { price: expect.any(String) as unknown, time: expect.any(String) as unknown };

/** A plain-HTTP answer without following redirects: status, Location and HSTS header. */
function plainGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; location?: string; hsts?: string }>((resolve, reject) => {
    const outgoing = request(url, { headers }, (response) => {
      response.resume();
      response.on('end', () => {
        const hsts = response.headers['strict-transport-security'];
        resolve({ status: response.statusCode ?? 0, location: response.headers.location, hsts });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the shipped TLS configuration of nginx, with a self-signed certificate, in front of two gateways', () => {
  let certificate: SelfSigned;
  let stack: ReplicaStack;
  let httpsUrl: string;
  const clients: StreamClient[] = [];

  beforeAll(async () => {
    certificate = await selfSignedCertificate();
    const httpsPort = await freePort();
    stack = await startReplicaStack('tls', { kind: 'tls', httpsPort, tlsFolder: certificate.folder });
    httpsUrl = `https://127.0.0.1:${httpsPort}`;
  });

  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    await stack.close();
    await certificate.remove();
  });

  it('should answer a REST call with a key over HTTPS, with HSTS', async () => {
    const { key } = await stack.harness.createKey();
    const answer = await httpsGetJson(`${httpsUrl}${PRICE}`, certificate.ca, { 'x-api-key': key });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(PRICE_FRAME);
    expect(answer.headers['strict-transport-security']).toBe(HSTS);
    expect(answer.headers['x-ratelimit-limit']).toBe('40');
  });

  it('should stream over wss: a snapshot, then the price of an injected trade', async () => {
    const { key } = await stack.harness.createKey();
    const { client, first } = await connect(wsUrl(httpsUrl, PRICE, { apiKey: key }), { ca: certificate.ca });
    clients.push(client);
    expect(first).toEqual(PRICE_FRAME);
    const trade = await stack.sim.trade('34567.89', '0.01');
    await client.take(
      (frame) => typeof frame.time === 'string' && Date.parse(frame.time) >= trade.time,
      'the price of the injected trade',
    );
    await client.close();
  });

  it('should redirect plain HTTP to HTTPS with 308, keeping path and query, and send no HSTS over it', async () => {
    const answer = await plainGet(`${stack.nginx.url}${PRICE}?apiKey=x`);
    expect(answer).toEqual({ status: 308, location: `https://127.0.0.1${PRICE}?apiKey=x`, hsts: undefined });
  });

  it('should answer the health checks over plain HTTP, not redirect them', async () => {
    expect(await plainGet(`${stack.nginx.url}/health`)).toEqual({
      status: 200,
      location: undefined,
      hsts: undefined,
    });
    expect((await plainGet(`${stack.nginx.url}/health/ready`)).status).not.toBe(308);
  });

  it('should refuse TLS 1.0 and 1.1 handshakes, and agree on TLS 1.2 and 1.3', async () => {
    const port = Number(new URL(httpsUrl).port);
    // The server's protocol_version alert: the client offered the old version and nginx refused it.
    for (const version of ['TLSv1', 'TLSv1.1'] as const) {
      await expect(handshake(port, certificate.ca, version)).rejects.toMatchObject({
        code: 'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION',
      });
    }
    await expect(handshake(port, certificate.ca, 'TLSv1.2')).resolves.toBe('TLSv1.2');
    await expect(handshake(port, certificate.ca, 'TLSv1.3')).resolves.toBe('TLSv1.3');
  });

  it("should let the gateway count a failed authentication over HTTPS against the client's address", async () => {
    const { keys, redis } = stack.harness;
    const answer = await httpsGetJson(
      `${httpsUrl}${PRICE}`,
      certificate.ca,
      { 'x-api-key': 'not-a-key', 'x-forwarded-for': '198.51.100.8' },
      '127.0.0.3',
    );
    expect(answer.status).toBe(401);
    expect(answer.headers['strict-transport-security']).toBe(HSTS);
    // nginx's own address (127.0.0.1) is the listed proxy: the gateway reads the client's behind it.
    expect(await redis.exists(keys.authFailures('127.0.0.3'))).toBe(1);
    expect(await redis.exists(keys.authFailures('127.0.0.1'))).toBe(0);
    expect(await redis.exists(keys.authFailures('198.51.100.8'))).toBe(0);
  });
});

describe('what the shipped TLS configuration forwards to a replica', () => {
  let certificate: SelfSigned;
  let nginx: RunningNginx;
  const seen: { headers: IncomingHttpHeaders }[] = [];
  // Stands in for a replica to show the headers nginx sends it; the gateway's trust of them is
  // apps/gateway/src/proxy-trust.spec.ts.
  const replica = createServer((incoming, response) => {
    seen.push({ headers: incoming.headers });
    response.end('{}');
  });

  beforeAll(async () => {
    certificate = await selfSignedCertificate();
    await new Promise<void>((resolve) => replica.listen(0, '127.0.0.1', resolve));
    const { port } = replica.address() as AddressInfo;
    const httpsPort = await freePort();
    nginx = await startNginx([port], await freePort(), {
      kind: 'tls',
      httpsPort,
      tlsFolder: certificate.folder,
    });
  });

  afterAll(async () => {
    await nginx.stop();
    await new Promise((resolve) => replica.close(resolve));
    await certificate.remove();
  });

  it("should send X-Forwarded-Proto https and the client's address, replacing what the client claimed", async () => {
    const answer = await httpsGetJson(`${nginx.httpsUrl ?? ''}${PRICE}`, certificate.ca, {
      'x-forwarded-proto': 'http',
      'x-forwarded-for': '198.51.100.9',
    });
    expect(answer.status).toBe(200);
    expect(seen.at(-1)?.headers).toMatchObject({
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '127.0.0.1',
    });
  });
});
