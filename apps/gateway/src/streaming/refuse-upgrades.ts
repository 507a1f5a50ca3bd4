import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiException } from '../errors/api-exception';

/** The raw HTTP answer to an upgrade refused by a replica that is shutting down. */
function shuttingDownResponse(): string {
  const refusal = ApiException.serviceUnavailable('Server shutting down: connect again', 1);
  const body = JSON.stringify(refusal.body);
  const headers = {
    ...refusal.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return ['HTTP/1.1 503 Service Unavailable', ...lines, '', body].join('\r\n');
}

/**
 * From now on every WebSocket upgrade on `server` is answered 503 before the handshake, instead of
 * being accepted and closed with 1001 at once. A load balancer then passes the upgrade to another
 * replica (nginx: `proxy_next_upstream http_503`), so a client that reconnects right after its 1001
 * lands on a replica that stays.
 */
export function refuseUpgrades(server: Server): void {
  const response = shuttingDownResponse();
  server.removeAllListeners('upgrade');
  server.on('upgrade', (_request, socket: Duplex) => {
    socket.on('error', () => undefined);
    socket.end(response);
  });
}
