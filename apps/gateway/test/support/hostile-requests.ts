/** Raw HTTP requests no conforming client sends, each with the status the gateway must answer. */
export interface HostileRequest {
  readonly name: string;
  readonly request: string;
  readonly status: number;
}

const HANDSHAKE_HEADERS = [
  'Upgrade: websocket',
  'Connection: Upgrade',
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
  'Sec-WebSocket-Version: 13',
];

function request(head: string, headers: readonly string[] = [], body = ''): string {
  return [head, 'Host: 127.0.0.1', ...headers, '', body].join('\r\n');
}

function jsonPost(path: string, contentType: string, body: string): string {
  return request(
    `POST ${path} HTTP/1.1`,
    [`Content-Type: ${contentType}`, `Content-Length: ${Buffer.byteLength(body)}`],
    body,
  );
}

const LOGIN = '/api/v1/auth/login';

export function hostileRequests(apiKey: string): HostileRequest[] {
  const withKey = [`x-api-key: ${apiKey}`];
  return [
    { name: 'bad percent-escape in the path', request: request('GET /%zz HTTP/1.1'), status: 400 },
    {
      name: 'truncated percent-escape in the path',
      request: request('GET /api/v1/%E0%A4%A HTTP/1.1'),
      status: 400,
    },
    {
      name: 'NUL in the path',
      request: request('GET /api/v1/prices/current%00 HTTP/1.1', withKey),
      status: 404,
    },
    { name: 'path traversal', request: request('GET /../../etc/passwd HTTP/1.1'), status: 404 },
    { name: 'long path under the limit', request: request(`GET /${'a'.repeat(8000)} HTTP/1.1`), status: 404 },
    {
      name: 'URL past the header limit',
      request: request(`GET /${'a'.repeat(100_000)} HTTP/1.1`),
      status: 431,
    },
    {
      name: 'header past the limit',
      request: request('GET /health HTTP/1.1', [`X-Big: ${'b'.repeat(20_000)}`]),
      status: 431,
    },
    {
      name: 'header line with no colon',
      request: request('GET /health HTTP/1.1', ['Bad Header']),
      status: 400,
    },
    { name: 'unknown method', request: request('FOO /health HTTP/1.1'), status: 400 },
    { name: 'garbage instead of HTTP', request: '\u0000\u0001\u0002 hello\r\n\r\n', status: 400 },
    {
      name: 'Content-Length and Transfer-Encoding together',
      request: request(`POST ${LOGIN} HTTP/1.1`, ['Content-Length: 2', 'Transfer-Encoding: chunked'], '{}'),
      status: 400,
    },
    {
      name: 'malformed chunked body',
      request: request(
        `POST ${LOGIN} HTTP/1.1`,
        ['Content-Type: application/json', 'Transfer-Encoding: chunked'],
        'zz\r\n{}\r\n0\r\n\r\n',
      ),
      status: 400,
    },
    { name: 'malformed JSON body', request: jsonPost(LOGIN, 'application/json', '{bad'), status: 400 },
    { name: 'empty JSON body', request: jsonPost(LOGIN, 'application/json', ''), status: 400 },
    { name: 'body of an unsupported type', request: jsonPost(LOGIN, 'application/xml', '<a/>'), status: 415 },
    { name: 'malformed Content-Type', request: jsonPost(LOGIN, ';;;', '{}'), status: 415 },
    { name: 'JSON array body', request: jsonPost(LOGIN, 'application/json', '[1,2]'), status: 400 },
    {
      name: 'body over 16 KiB',
      request: jsonPost(LOGIN, 'application/json', `{"email":"${'e'.repeat(20_000)}"}`),
      status: 413,
    },
    {
      name: 'WebSocket upgrade on an unknown path',
      request: request('GET /nowhere HTTP/1.1', HANDSHAKE_HEADERS),
      status: 404,
    },
    {
      name: 'WebSocket upgrade on a malformed URL',
      request: request('GET /%zz HTTP/1.1', HANDSHAKE_HEADERS),
      status: 404,
    },
    {
      name: 'WebSocket upgrade with no Sec-WebSocket-Key',
      request: request('GET /api/v1/prices/current HTTP/1.1', [
        'Upgrade: websocket',
        'Connection: Upgrade',
        'Sec-WebSocket-Version: 13',
      ]),
      status: 400,
    },
    {
      name: 'WebSocket upgrade with a POST',
      request: request('POST /api/v1/prices/current HTTP/1.1', [...HANDSHAKE_HEADERS, 'Content-Length: 0']),
      status: 400,
    },
    { name: 'CONNECT', request: request('CONNECT 127.0.0.1:443 HTTP/1.1'), status: 404 },
  ];
}
