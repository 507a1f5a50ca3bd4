/** The body of every error answer, HTTP and WebSocket alike (CONTRACT section 7). */
export interface ErrorBody {
  readonly code: string;
  readonly message: string;
}

export interface ErrorDetails {
  /** The HTTP status, or undefined for a WebSocket error frame. */
  readonly status?: number;
  /** The WebSocket close code, or undefined for an HTTP answer. */
  readonly closeCode?: number;
  /** Seconds the service asked to wait (`Retry-After`), when it said. */
  readonly retryAfterSeconds?: number;
}

/** Any answer of the service with an error `code`; the subclasses let callers catch one kind. */
export class PriceDataError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  readonly closeCode: number | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(body: ErrorBody, details: ErrorDetails = {}) {
    super(body.message);
    this.name = new.target.name;
    this.code = body.code;
    this.status = details.status;
    this.closeCode = details.closeCode;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/** 400 / 4400 `VALIDATION_ERROR`: a parameter or body field broke its rule (the message names it). */
export class ValidationError extends PriceDataError {}
/** 401 / 4401 `UNAUTHORIZED`: missing, unknown or revoked key, or a wrong token or password. */
export class UnauthorizedError extends PriceDataError {}
/** 402 `PAYMENT_REQUIRED`: the card was declined for a charge the request needed; nothing changed. */
export class PaymentRequiredError extends PriceDataError {}
/** 403 `FORBIDDEN`. */
export class ForbiddenError extends PriceDataError {}
/** 404 `NOT_FOUND`. */
export class NotFoundError extends PriceDataError {}
/** 409 `CONFLICT`. */
export class ConflictError extends PriceDataError {}
/** 413 `PAYLOAD_TOO_LARGE`. */
export class PayloadTooLargeError extends PriceDataError {}
/** 429 / 4429 `RATE_LIMIT_EXCEEDED`; `retryAfterSeconds` says how long to wait (HTTP only). */
export class RateLimitError extends PriceDataError {}
/** 503 / 1013 `SERVICE_UNAVAILABLE`: storage unreachable or no market data yet. */
export class ServiceUnavailableError extends PriceDataError {}
/** 503 `INDEX_UNAVAILABLE`: the index has no value for its newest second; the message names the live sources. */
export class IndexUnavailableError extends ServiceUnavailableError {}
/** 500 `INTERNAL_ERROR`, or an answer this client does not understand. */
export class InternalError extends PriceDataError {}
/**
 * `REDIRECT_REFUSED`: the answer was a redirect, which the client does not follow, so no key or
 * token is ever sent to where it points. `location` is where it pointed, when the runtime shows it.
 */
export class RedirectRefusedError extends PriceDataError {
  constructor(
    readonly location: string | undefined,
    details: ErrorDetails = {},
  ) {
    super(
      {
        code: 'REDIRECT_REFUSED',
        message: `The service answered with a redirect${location ? ` to ${location}` : ''}; it was not followed, so no credential left with it. Check baseUrl.`,
      },
      details,
    );
  }
}

const BY_CODE: Record<string, new (body: ErrorBody, details?: ErrorDetails) => PriceDataError> = {
  VALIDATION_ERROR: ValidationError,
  UNAUTHORIZED: UnauthorizedError,
  PAYMENT_REQUIRED: PaymentRequiredError,
  FORBIDDEN: ForbiddenError,
  NOT_FOUND: NotFoundError,
  CONFLICT: ConflictError,
  PAYLOAD_TOO_LARGE: PayloadTooLargeError,
  RATE_LIMIT_EXCEEDED: RateLimitError,
  SERVICE_UNAVAILABLE: ServiceUnavailableError,
  INDEX_UNAVAILABLE: IndexUnavailableError,
  INTERNAL_ERROR: InternalError,
};

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.code === 'string' && typeof body.message === 'string';
}

/** The typed error for a `{code, message}` body; an unknown code still keeps its words. */
export function errorFromBody(body: unknown, details: ErrorDetails = {}): PriceDataError {
  if (!isErrorBody(body)) {
    const status = details.status === undefined ? '' : ` ${details.status}`;
    return new InternalError({ code: 'UNEXPECTED_ANSWER', message: `Unexpected answer${status}` }, details);
  }
  const Type = BY_CODE[body.code] ?? PriceDataError;
  return new Type(body, details);
}
