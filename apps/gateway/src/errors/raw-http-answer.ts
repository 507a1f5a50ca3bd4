import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { HttpStatus } from '@nestjs/common';
import { ApiException } from './api-exception';
import { ErrorCode } from './error-code';

/**
 * A whole HTTP/1.1 response in the contract's `{code, message}` shape, for sockets Fastify never
 * routes (a refused upgrade, a `CONNECT`, a request Node could not parse). It closes the connection.
 */
export function rawHttpAnswer(refusal: ApiException): string {
  const status = refusal.getStatus();
  const body = JSON.stringify(refusal.body);
  const headers = {
    ...refusal.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`, ...lines, '', body].join('\r\n');
}

/** How long a refused connection may stay half-closed while the peer finishes sending. */
const LINGER_MS = 2000;

/** Writes `refusal` on a socket HTTP left to us and closes it; a peer already gone is no error. */
export function answerRawSocket(socket: Duplex, refusal: ApiException): void {
  socket.on('error', () => undefined);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(rawHttpAnswer(refusal));
  // A lingering close, as nginx does: what the peer is still sending (the rest of an oversized
  // request) is read and dropped, so the kernel does not reset the connection and discard the
  // answer before the peer read it. The socket is closed when the peer closes, or after LINGER_MS.
  socket.resume();
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  socket.once('close', () => {
    clearTimeout(linger);
  });
}

export function notFoundRefusal(): ApiException {
  return new ApiException(HttpStatus.NOT_FOUND, { code: ErrorCode.NotFound, message: 'Not found' });
}
