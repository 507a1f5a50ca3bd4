import type { IncomingMessage } from 'node:http';
import { proxyTrust } from '../proxy-trust';
import { readClientRequest } from './stream-request';

const NOBODY = proxyTrust({ TRUSTED_PROXIES: [] });

function upgrade(url: string, headers: Record<string, string> = {}): IncomingMessage {
  return { url, headers, socket: { remoteAddress: '127.0.0.9' } } as unknown as IncomingMessage;
}

describe('readClientRequest', () => {
  it('should read the key from the query, and the query as HTTP does', () => {
    const request = readClientRequest(
      upgrade('/api/v1/prices/klines?apiKey=k1&interval=1m&limit=5&limit=6'),
      NOBODY,
    );
    expect(request.credentials).toEqual({ kind: 'present', key: 'k1' });
    expect(request.query).toMatchObject({ interval: '1m', limit: ['5', '6'] });
    expect(request.address).toBe('127.0.0.9');
  });

  it('should read the key from either header', () => {
    expect(readClientRequest(upgrade('/x', { 'x-api-key': 'k2' }), NOBODY).credentials).toEqual({
      kind: 'present',
      key: 'k2',
    });
    expect(readClientRequest(upgrade('/x', { authorization: 'Bearer k3' }), NOBODY).credentials).toEqual({
      kind: 'present',
      key: 'k3',
    });
  });

  it('should report a missing or conflicting key', () => {
    expect(readClientRequest(upgrade('/x'), NOBODY).credentials).toEqual({ kind: 'missing' });
    expect(readClientRequest(upgrade('/x?apiKey=a', { 'x-api-key': 'b' }), NOBODY).credentials).toEqual({
      kind: 'conflicting',
    });
  });

  it('should trust X-Forwarded-For only behind a trusted proxy', () => {
    const request = upgrade('/x', { 'x-forwarded-for': '10.1.1.1, 10.2.2.2' });
    expect(readClientRequest(request, NOBODY).address).toBe('127.0.0.9');
    // The rightmost address the proxy did not itself claim: the leftmost is the client's own words.
    const behindProxy = proxyTrust({ TRUSTED_PROXIES: ['127.0.0.9'] });
    expect(readClientRequest(request, behindProxy).address).toBe('10.2.2.2');
  });
});
