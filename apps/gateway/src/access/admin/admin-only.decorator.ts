import { applyDecorators, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiSecurity,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Public } from '../authentication/public.decorator';
import {
  ADMIN_SECURITY_SCHEME,
  ApiRetryLaterResponses,
  FAILED_AUTHENTICATIONS,
} from '../../docs/api-key-security.decorator';
import { ErrorBodyDto } from '../../errors/error-body.dto';
import { AdminGuard } from './admin.guard';

/**
 * An admin controller: no API key and no per-key rate limit (the global guards skip public routes),
 * the admin token instead, and the matching security scheme and error responses in the document.
 */
export const AdminOnly = (): ClassDecorator & MethodDecorator =>
  applyDecorators(
    Public(),
    UseGuards(AdminGuard),
    ApiSecurity(ADMIN_SECURITY_SCHEME),
    ApiBadRequestResponse({ type: ErrorBodyDto, description: 'VALIDATION_ERROR, naming each failing field' }),
    ApiUnauthorizedResponse({ type: ErrorBodyDto, description: 'UNAUTHORIZED: no admin token sent' }),
    ApiForbiddenResponse({
      type: ErrorBodyDto,
      description: 'FORBIDDEN: wrong admin token, or admin operations disabled',
    }),
    ApiRetryLaterResponses(FAILED_AUTHENTICATIONS, 'SERVICE_UNAVAILABLE: storage is away'),
  );
