import type { JsonResponse } from './gateway-harness';

/** The admin token the tests start their gateways with. */
export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface RequestOptions {
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export async function requestJson(
  method: string,
  url: string,
  options: RequestOptions = {},
): Promise<JsonResponse> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}

export interface CreatedKey {
  readonly id: string;
  readonly key: string;
}

/** The admin operations of one gateway, as a test calls them. */
export function adminApi(baseUrl: string, token = ADMIN_TOKEN) {
  const headers = { authorization: `Bearer ${token}` };
  const call = (method: string, path: string, body?: unknown) =>
    requestJson(method, `${baseUrl}/api/v1${path}`, { headers, body });
  return {
    call,
    createKey: async (body: Record<string, unknown>): Promise<CreatedKey> => {
      const response = await call('POST', '/api-keys', body);
      if (response.status !== 201) throw new Error(`create answered ${response.status}`);
      return response.body as CreatedKey;
    },
    listKeys: () => call('GET', '/api-keys'),
    revoke: (id: string) => call('DELETE', `/api-keys/${id}`),
    grant: (id: string, body: Record<string, unknown>) => call('POST', `/api-keys/${id}/boosts`, body),
    listBoosts: (id: string) => call('GET', `/api-keys/${id}/boosts`),
    endBoost: (id: string, boostId: string) => call('DELETE', `/api-keys/${id}/boosts/${boostId}`),
    grantAccountBoost: (id: string, body: Record<string, unknown>) =>
      call('POST', `/accounts/${id}/boosts`, body),
    listAccountBoosts: (id: string) => call('GET', `/accounts/${id}/boosts`),
    endAccountBoost: (id: string, boostId: string) => call('DELETE', `/accounts/${id}/boosts/${boostId}`),
  };
}

/** The owner view of a key on one gateway. */
export async function ownView(baseUrl: string, key: string): Promise<Record<string, unknown>> {
  const response = await requestJson('GET', `${baseUrl}/api/v1/api-keys/me`, {
    headers: { 'x-api-key': key },
  });
  if (response.status !== 200) throw new Error(`/api-keys/me answered ${response.status}`);
  return response.body as Record<string, unknown>;
}

/** Reads until `done` holds; fails after `timeoutMs` with the last value read. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() >= deadline)
      throw new Error(`${what} not within ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
