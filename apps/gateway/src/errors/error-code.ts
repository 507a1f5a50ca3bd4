/** Every `code` an error body can carry (CONTRACT section 7). */
export const ErrorCode = {
  ValidationError: 'VALIDATION_ERROR',
  Unauthorized: 'UNAUTHORIZED',
  Forbidden: 'FORBIDDEN',
  PaymentRequired: 'PAYMENT_REQUIRED',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  RateLimitExceeded: 'RATE_LIMIT_EXCEEDED',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  /** No index value for the newest second: fewer than two sources included (docs/index.md). */
  IndexUnavailable: 'INDEX_UNAVAILABLE',
  InternalError: 'INTERNAL_ERROR',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorBody {
  readonly code: ErrorCode;
  readonly message: string;
}
