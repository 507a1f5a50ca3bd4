import { HttpStatus } from '@nestjs/common';
import { ApiException } from './api-exception';
import { ErrorCode } from './error-code';

/**
 * Whole seconds until a limiter lets the caller in again: its milliseconds left rounded up, and at
 * least 1, since a `Retry-After: 0` would invite the same refused request at once.
 */
export function retryAfterSeconds(msLeft: number): number {
  return Math.max(1, Math.ceil(msLeft / 1000));
}

function refusal(message: string, seconds: number): ApiException {
  return new ApiException(
    HttpStatus.TOO_MANY_REQUESTS,
    { code: ErrorCode.RateLimitExceeded, message },
    { 'Retry-After': String(seconds) },
  );
}

/**
 * The 429 of every limiter (CONTRACT sections 5, 7 and 10): `RATE_LIMIT_EXCEEDED`, the message
 * `<reason>. Retry after <n> seconds.` and `Retry-After: <n>`, n from the limiter's `msLeft`. The
 * per-key limit's X-RateLimit-* headers are on every answer of the key, so RequestLimit sets them.
 */
export function tooManyRequests(reason: string, msLeft: number): ApiException {
  const seconds = retryAfterSeconds(msLeft);
  return refusal(`${reason}. Retry after ${seconds} seconds.`, seconds);
}

/**
 * The 429 of a WebSocket connection past its key's slots (sent as an error frame and close 4429):
 * a slot frees whenever another connection closes, so there is no time to wait for.
 */
export function tooManyConnections(limit: number): ApiException {
  return refusal(`WebSocket connection limit of ${limit} per operation exceeded`, 1);
}
