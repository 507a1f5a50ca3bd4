import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../../errors/api-exception';
import { ErrorCode } from '../../errors/error-code';

/** 404 NOT_FOUND for an id that names nothing; the id is not echoed (it may be a pasted secret). */
export function notFound(what: 'API key' | 'active API key' | 'active boost' | 'account'): ApiException {
  return new ApiException(HttpStatus.NOT_FOUND, {
    code: ErrorCode.NotFound,
    message: `No ${what} with this id`,
  });
}
