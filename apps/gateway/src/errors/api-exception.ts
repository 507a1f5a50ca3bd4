import { HttpException, HttpStatus } from '@nestjs/common';
import { type ErrorBody, ErrorCode } from './error-code';

/**
 * An error the service answers on purpose, in the contract's `{code, message}` shape, with the
 * headers that belong to it (`Retry-After`, `WWW-Authenticate`). WebSocket gateways map the same
 * exception to an error frame and a close code.
 */
export class ApiException extends HttpException {
  constructor(
    status: number,
    readonly body: ErrorBody,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(body, status);
  }

  static validation(problems: readonly string[]): ApiException {
    return new ApiException(HttpStatus.BAD_REQUEST, {
      code: ErrorCode.ValidationError,
      message: problems.join('; '),
    });
  }

  static missingApiKey(): ApiException {
    return new ApiException(
      HttpStatus.UNAUTHORIZED,
      {
        code: ErrorCode.Unauthorized,
        message:
          'Missing API key: send it in the x-api-key header, as Authorization: Bearer <key>, or as the apiKey query parameter',
      },
      { 'WWW-Authenticate': 'Bearer' },
    );
  }

  static invalidApiKey(): ApiException {
    return new ApiException(
      HttpStatus.UNAUTHORIZED,
      { code: ErrorCode.Unauthorized, message: 'Invalid API key' },
      { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    );
  }

  static serviceUnavailable(message: string, retryAfterSeconds = 1): ApiException {
    return new ApiException(
      HttpStatus.SERVICE_UNAVAILABLE,
      { code: ErrorCode.ServiceUnavailable, message },
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }

  /** The index has no value now: the stored INDEX_UNAVAILABLE body, naming how many sources are live. */
  static indexUnavailable(message: string): ApiException {
    return new ApiException(
      HttpStatus.SERVICE_UNAVAILABLE,
      { code: ErrorCode.IndexUnavailable, message },
      { 'Retry-After': '1' },
    );
  }

  static forbidden(message: string): ApiException {
    return new ApiException(HttpStatus.FORBIDDEN, { code: ErrorCode.Forbidden, message });
  }

  /** 402: the card was declined for a charge the request needed; nothing changed. */
  static paymentRequired(message: string): ApiException {
    return new ApiException(HttpStatus.PAYMENT_REQUIRED, { code: ErrorCode.PaymentRequired, message });
  }

  /** 409: the request contradicts the current state (a plan change without a live subscription). */
  static conflict(message: string): ApiException {
    return new ApiException(HttpStatus.CONFLICT, { code: ErrorCode.Conflict, message });
  }
}
