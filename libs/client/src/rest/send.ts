import { errorFromBody, RateLimitError, ServiceUnavailableError } from '../errors';

/** The `X-RateLimit-*` figures of an authenticated answer (CONTRACT section 5). */
export interface RateLimitInfo {
  /** Requests per minute this key may make to the operation. */
  readonly limit: number;
  /** Requests left in the current window. */
  readonly remaining: number;
  /** Seconds until the window starts again. */
  readonly resetSeconds: number;
}

/** What every operation resolves with: the body, and what the answer's headers tell. */
export interface ApiResult<T> {
  readonly data: T;
  readonly status: number;
  /** Present on the answers of operations that count toward a key's limit. */
  readonly rateLimit: RateLimitInfo | undefined;
  /** The exchange the newest value came from (`X-Price-Source`), on the price operations. */
  readonly priceSource: string | undefined;
  readonly headers: Headers;
}

/** How long the client may wait and retry when the service answers 429 or 503 with `Retry-After`. */
export interface RetryOptions {
  /** Retries of one call after its first answer; 0 turns retrying off. Default 2. */
  readonly maxRetries?: number;
  /** A longer `Retry-After` than this is not waited for: the typed error is thrown at once. Default 60. */
  readonly maxWaitSeconds?: number;
}

/** The shape openapi-fetch resolves with, for any operation. */
interface FetchOutcome<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly response: Response;
}

function headerNumber(headers: Headers, name: string): number | undefined {
  const text = headers.get(name);
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export function rateLimitOf(headers: Headers): RateLimitInfo | undefined {
  const limit = headerNumber(headers, 'x-ratelimit-limit');
  const remaining = headerNumber(headers, 'x-ratelimit-remaining');
  const resetSeconds = headerNumber(headers, 'x-ratelimit-reset');
  if (limit === undefined || remaining === undefined || resetSeconds === undefined) return undefined;
  return { limit, remaining, resetSeconds };
}

function resultOf<T>(outcome: FetchOutcome<T>): ApiResult<T> {
  const { response } = outcome;
  return {
    data: outcome.data as T,
    status: response.status,
    rateLimit: rateLimitOf(response.headers),
    priceSource: response.headers.get('x-price-source') ?? undefined,
    headers: response.headers,
  };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `call` and turns its answer into a result or a typed error. A 429 or 503 that says how long
 * to wait (`Retry-After`) is retried after that wait, at most `maxRetries` times.
 */
export async function send<T>(
  call: () => Promise<FetchOutcome<T>>,
  retry: RetryOptions = {},
): Promise<ApiResult<T>> {
  const maxRetries = retry.maxRetries ?? 2;
  const maxWaitSeconds = retry.maxWaitSeconds ?? 60;
  for (let attempt = 0; ; attempt += 1) {
    const outcome = await call();
    if (outcome.response.ok) return resultOf(outcome);
    const error = errorFromBody(outcome.error, {
      status: outcome.response.status,
      retryAfterSeconds: headerNumber(outcome.response.headers, 'retry-after'),
    });
    const wait = error.retryAfterSeconds;
    const retryable = error instanceof RateLimitError || error instanceof ServiceUnavailableError;
    if (!retryable || wait === undefined || wait > maxWaitSeconds || attempt >= maxRetries) throw error;
    await sleep(wait * 1000);
  }
}
