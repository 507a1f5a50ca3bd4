import { CURRENT_KLINE, KLINES, PRICE } from '@pds/testing';

/** One request of each price operation, reads that still take a write (the rate-limit count). */
export const PRICE_OPERATIONS = [PRICE, `${KLINES}?interval=1m&limit=5`, `${CURRENT_KLINE}?interval=1m`];

export interface Answer {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly body: unknown;
}

/** GET with a key; the contract's "never hangs" gives the answer 5 s before the test gives up. */
export async function getWithKey(baseUrl: string, path: string, key: string): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { 'x-api-key': key },
    signal: AbortSignal.timeout(5000),
  });
  const text = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}

/** The contract's answer while storage is unavailable: 503, Retry-After, our error shape. */
export function expectStorageUnavailable(answer: Answer): void {
  expect(answer).toEqual({
    status: 503,
    retryAfter: expect.stringMatching(/^\d+$/) as unknown,
    body: { code: 'SERVICE_UNAVAILABLE', message: 'Storage is unavailable; retry shortly' },
  });
}

/** The readiness answer's message, when it is a 503. */
export async function readinessFailure(baseUrl: string): Promise<string | undefined> {
  const response = await fetch(`${baseUrl}/health/ready`, { signal: AbortSignal.timeout(5000) });
  const body = (await response.json()) as { message?: string };
  return response.status === 503 ? body.message : undefined;
}
