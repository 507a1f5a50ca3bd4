import { applyDecorators } from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';

/** The three alternative schemes of the interface, section 5 (names as in the OpenAPI document). */
export const SecurityScheme = {
  Header: 'ApiKeyHeader',
  Bearer: 'BearerToken',
  Query: 'ApiKeyQuery',
} as const;

/** The admin operations' scheme: `Authorization: Bearer <ADMIN_TOKEN>`. */
export const ADMIN_SECURITY_SCHEME = 'AdminToken';

export const ApiKeySecurity = (): ClassDecorator & MethodDecorator =>
  applyDecorators(
    ApiSecurity(SecurityScheme.Header),
    ApiSecurity(SecurityScheme.Bearer),
    ApiSecurity(SecurityScheme.Query),
  );
