import { connect, type Socket } from 'node:net';

export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const HEAD_END = '\r\n\r\n';

/** The first complete response in `data` (by Content-Length), or undefined while more is needed. */
function parseResponse(data: Buffer): RawResponse | undefined {
  const headEnd = data.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const [statusLine = '', ...lines] = data.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const body = data.subarray(headEnd + HEAD_END.length);
  if (body.length < length) return undefined;
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? NaN);
  return { status, headers, body: body.subarray(0, length).toString('utf8') };
}

/**
 * Writes `request` byte for byte on a new TCP connection and resolves with the first response; a
 * connection closed with no answer rejects, so "the socket was dropped" fails the test.
 */
export function rawRequest(port: number, request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    const finish = (response: RawResponse | undefined): void => {
      socket.destroy();
      if (response) resolve(response);
      else reject(new Error(`connection closed with no HTTP answer (${data.length} bytes)`));
    };
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const response = parseResponse(data);
      if (response) finish(response);
    });
    // The server may close while the rest of an oversized request is still being written.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      finish(parseResponse(data));
    });
    socket.write(request);
  });
}
