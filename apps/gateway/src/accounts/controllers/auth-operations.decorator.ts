import { applyDecorators, HttpCode, HttpStatus } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiPayloadTooLargeResponse,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { AcceptedDto } from '../dto/auth-answers.dto';
import { ErrorBodyDto } from '../../errors/error-body.dto';
import { Public } from '../../public.decorator';
import { RETRY_AFTER_HEADER } from '../../docs/response-headers';

/** The auth controllers: no API key, and a JSON body that is validated and at most 16 KiB. */
export const PublicAuthController = (): ClassDecorator =>
  applyDecorators(
    Public(),
    ApiBadRequestResponse({ type: ErrorBodyDto, description: 'VALIDATION_ERROR, naming each failing field' }),
    ApiPayloadTooLargeResponse({ type: ErrorBodyDto, description: 'PAYLOAD_TOO_LARGE: body over 16 KiB' }),
  );

/** The one answer of an operation that may mail a link, so it tells no outsider which emails exist. */
export const MAIL_ON_ITS_WAY: AcceptedDto = {
  message: 'If the address can receive it, a mail is on its way.',
};

/** An operation that may mail a link: always 202 with MAIL_ON_ITS_WAY, a mail limit per address. */
export const MailingOperation = (): MethodDecorator =>
  applyDecorators(
    HttpCode(HttpStatus.ACCEPTED),
    ApiAcceptedResponse({ type: AcceptedDto }),
    ApiTooManyRequestsResponse({
      type: ErrorBodyDto,
      headers: RETRY_AFTER_HEADER,
      description: 'RATE_LIMIT_EXCEEDED: too many from this address',
    }),
  );
