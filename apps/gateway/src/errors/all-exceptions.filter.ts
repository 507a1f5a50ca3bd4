import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { AppLogger } from '@pds/observability';
import type { FastifyReply } from 'fastify';
import { isStorageUnavailableError } from './storage-unavailable.error';
import { ApiException } from './api-exception';
import { type ErrorBody, ErrorCode } from './error-code';

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  [HttpStatus.BAD_REQUEST]: ErrorCode.ValidationError,
  [HttpStatus.UNAUTHORIZED]: ErrorCode.Unauthorized,
  [HttpStatus.FORBIDDEN]: ErrorCode.Forbidden,
  [HttpStatus.NOT_FOUND]: ErrorCode.NotFound,
  [HttpStatus.PAYLOAD_TOO_LARGE]: ErrorCode.PayloadTooLarge,
  [HttpStatus.TOO_MANY_REQUESTS]: ErrorCode.RateLimitExceeded,
  [HttpStatus.SERVICE_UNAVAILABLE]: ErrorCode.ServiceUnavailable,
};

/** Turns anything thrown into the contract's `{code, message}` body: no stack, no internal detail. */
export function toApiException(error: unknown): ApiException {
  if (error instanceof ApiException) return error;
  if (isStorageUnavailableError(error)) {
    return ApiException.serviceUnavailable('Storage is unavailable; retry shortly', 1);
  }
  if (error instanceof HttpException) return fromHttpException(error);
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    return new ApiException(status, {
      code: CODE_BY_STATUS[status] ?? ErrorCode.ValidationError,
      message:
        status === (HttpStatus.PAYLOAD_TOO_LARGE as number) ? 'Request body is too large' : 'Bad request',
    });
  }
  return new ApiException(HttpStatus.INTERNAL_SERVER_ERROR, {
    code: ErrorCode.InternalError,
    message: 'Internal server error',
  });
}

function fromHttpException(error: HttpException): ApiException {
  const status = error.getStatus();
  if (status === (HttpStatus.NOT_FOUND as number)) {
    return new ApiException(status, { code: ErrorCode.NotFound, message: 'Not found' });
  }
  const body: ErrorBody = {
    code: CODE_BY_STATUS[status] ?? (status >= 500 ? ErrorCode.InternalError : ErrorCode.ValidationError),
    message: status >= 500 ? 'Internal server error' : error.message,
  };
  return new ApiException(status, body);
}

/** Fastify's own errors (a bad URL, a body it cannot parse) carry their status here. */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  return typeof error.statusCode === 'number' ? error.statusCode : undefined;
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: AppLogger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    answerThrown(error, host.switchToHttp().getResponse<FastifyReply>(), this.logger);
  }
}

/** Answers what a request threw in the contract's shape (unless answered already); logs bugs. */
export function answerThrown(error: unknown, reply: FastifyReply, logger: AppLogger): void {
  const answer = toApiException(error);
  // Only what nobody answered on purpose is a bug worth an error line (a 503 we chose is not).
  const intended = error instanceof ApiException || isStorageUnavailableError(error);
  if (answer.getStatus() >= 500 && !intended) {
    logger.error(
      {
        error: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      },
      'unhandled error',
    );
  }
  if (reply.sent) return;
  sendApiException(reply, answer);
}

/** Writes `answer` as the contract's `{code, message}` JSON with its status and headers. */
export function sendApiException(reply: FastifyReply, answer: ApiException): void {
  void reply.code(answer.getStatus()).headers(answer.headers).type('application/json').send(answer.body);
}
