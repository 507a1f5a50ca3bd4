import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvalidEnvironmentError, loadEnvironment } from '@pds/config';
import Fastify from 'fastify';
import { GatewayEnvironment } from './gateway.environment';
import { clientAddress, proxyTrust } from './proxy-trust';

const NGINX = '127.0.0.10';
const ELSEWHERE = '127.0.0.9';

function fromPeer(remoteAddress: string, forwardedFor?: string): IncomingMessage {
  const headers = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
  return { headers, socket: { remoteAddress } } as unknown as IncomingMessage;
}

function gatewayEnv(variables: NodeJS.ProcessEnv): GatewayEnvironment {
  return loadEnvironment(GatewayEnvironment, variables);
}

function getJsonFrom(url: string, localAddress: string, headers: Record<string, string>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    get(url, { localAddress, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
      });
      response.on('end', () => {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      });
    }).on('error', reject);
  });
}

/** What Fastify, configured as the gateway configures it, makes of a request from `peer`. */
async function seenBy(env: GatewayEnvironment, peer: string, headers: Record<string, string>) {
  const server = Fastify({ trustProxy: proxyTrust(env) });
  server.get('/', (request) => ({ protocol: request.protocol, ip: request.ip }));
  await server.listen({ host: '127.0.0.1', port: 0 });
  try {
    const { port } = server.server.address() as AddressInfo;
    return await getJsonFrom(`http://127.0.0.1:${port}/`, peer, headers);
  } finally {
    await server.close();
  }
}

describe('trusting the load balancer', () => {
  const listed = gatewayEnv({ TRUSTED_PROXIES: `${NGINX}, 192.168.0.0/16` });

  it('should read TRUSTED_PROXIES as a list, empty by default (no peer trusted)', () => {
    expect(listed.TRUSTED_PROXIES).toEqual([NGINX, '192.168.0.0/16']);
    expect(gatewayEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(proxyTrust(gatewayEnv({}))('127.0.0.1', 0)).toBe(false);
  });

  it('should refuse TRUST_PROXY=true, saying to list the proxies in TRUSTED_PROXIES instead', () => {
    expect(() => gatewayEnv({ TRUST_PROXY: 'true' })).toThrow(InvalidEnvironmentError);
    expect(() => gatewayEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true .*set TRUSTED_PROXIES/);
    expect(gatewayEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('should refuse a list entry that is not an address or a CIDR, naming the variable', () => {
    expect(() => gatewayEnv({ TRUSTED_PROXIES: '10.0.0.10,nginx' })).toThrow(InvalidEnvironmentError);
    expect(() => gatewayEnv({ TRUSTED_PROXIES: '10.0.0.10,nginx' })).toThrow(/TRUSTED_PROXIES/);
  });

  it("should take the client address from a listed proxy's X-Forwarded-For only", () => {
    const trust = proxyTrust(listed);
    expect(clientAddress(fromPeer(NGINX, '203.0.113.5'), trust)).toBe('203.0.113.5');
    expect(clientAddress(fromPeer('203.0.113.9', '198.51.100.7'), trust)).toBe('203.0.113.9');
    // A client that sends its own header through the proxy: the proxy's hop is what counts.
    expect(clientAddress(fromPeer(NGINX, '198.51.100.7, 203.0.113.5'), trust)).toBe('203.0.113.5');
    // Through two listed proxies, the rightmost address that is not one of them.
    expect(clientAddress(fromPeer(NGINX, '198.51.100.7, 203.0.113.5, 192.168.1.2'), trust)).toBe(
      '203.0.113.5',
    );
  });

  it('should see https and the client address from a listed proxy, http and the peer from any other', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' };
    expect(await seenBy(listed, NGINX, forwarded)).toEqual({ protocol: 'https', ip: '203.0.113.5' });
    expect(await seenBy(listed, ELSEWHERE, forwarded)).toEqual({ protocol: 'http', ip: ELSEWHERE });
    expect(await seenBy(gatewayEnv({}), NGINX, forwarded)).toEqual({ protocol: 'http', ip: NGINX });
  });
});
