import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../../errors/api-exception';
import { ErrorCode } from '../../errors/error-code';

/** What an id may fail to name, in a 404's message. */
export type NotFoundSubject = 'API key' | 'active API key' | 'active boost' | 'account';

/** 404 NOT_FOUND for an id that names nothing; the id is not echoed (it may be a pasted secret). */
export function notFound(what: NotFoundSubject): ApiException {
  return new ApiException(HttpStatus.NOT_FOUND, {
    code: ErrorCode.NotFound,
    message: `No ${what} with this id`,
  });
}
