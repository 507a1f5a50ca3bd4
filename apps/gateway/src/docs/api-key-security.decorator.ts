import { applyDecorators } from '@nestjs/common';
import {
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ErrorBodyDto } from '../errors/error-body.dto';

/** The three alternative schemes of the interface, section 5 (names as in the OpenAPI document). */
export const SecurityScheme = {
  Header: 'ApiKeyHeader',
  Bearer: 'BearerToken',
  Query: 'ApiKeyQuery',
} as const;

/** The admin operations' scheme: `Authorization: Bearer <ADMIN_TOKEN>`. */
export const ADMIN_SECURITY_SCHEME = 'AdminToken';

/**
 * An operation that takes an API key: the three schemes, and the answers every such operation can
 * give (no or a bad key, over its limit, storage away).
 */
export const ApiKeySecurity = (): ClassDecorator & MethodDecorator =>
  applyDecorators(
    ApiSecurity(SecurityScheme.Header),
    ApiSecurity(SecurityScheme.Bearer),
    ApiSecurity(SecurityScheme.Query),
    ApiUnauthorizedResponse({ type: ErrorBodyDto, description: 'UNAUTHORIZED' }),
    ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: 'RATE_LIMIT_EXCEEDED' }),
    ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: 'SERVICE_UNAVAILABLE' }),
  );
