import { applyDecorators, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Public } from '../../public.decorator';
import {
  ADMIN_SECURITY_SCHEME,
  ADMIN_TAG,
  ApiRetryLaterResponses,
  FAILED_AUTHENTICATIONS,
} from '../../docs/api-key-security.decorator';
import { ErrorBodyDto } from '../../errors/error-body.dto';
import { AdminGuard } from './admin.guard';

/**
 * An admin controller: no API key and no per-key rate limit (the global guards skip public routes),
 * the admin token instead, and the matching security scheme and error responses in the document,
 * under the operators' own tag so a customer reading the docs does not take them for theirs.
 */
export const AdminOnly = (): ClassDecorator & MethodDecorator =>
  applyDecorators(
    Public(),
    UseGuards(AdminGuard),
    ApiTags(ADMIN_TAG),
    ApiSecurity(ADMIN_SECURITY_SCHEME),
    ApiBadRequestResponse({ type: ErrorBodyDto, description: 'VALIDATION_ERROR, naming each failing field' }),
    ApiUnauthorizedResponse({ type: ErrorBodyDto, description: 'UNAUTHORIZED: no admin token sent' }),
    ApiForbiddenResponse({
      type: ErrorBodyDto,
      description: 'FORBIDDEN: wrong admin token, or admin operations disabled',
    }),
    ApiRetryLaterResponses(FAILED_AUTHENTICATIONS, 'SERVICE_UNAVAILABLE: storage is away'),
  );
