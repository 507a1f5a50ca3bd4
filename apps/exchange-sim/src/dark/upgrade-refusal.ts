import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** Answers a WebSocket upgrade with an HTTP status (and a body) instead of switching protocols. */
export function refuseUpgrade(
  socket: Duplex,
  status: number,
  body = '',
  contentType = 'application/json',
): void {
  const reason = STATUS_CODES[status] ?? '';
  const length = Buffer.byteLength(body);
  const type = length > 0 ? `Content-Type: ${contentType}\r\n` : '';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n${type}Content-Length: ${length}\r\n\r\n${body}`,
  );
}
