import type { DocumentBuilder } from '@nestjs/swagger';
import { REFRESH_COOKIE } from './refresh-cookie';
import { SESSION_TOKEN_SCHEME, REFRESH_COOKIE_SCHEME } from './account-only.decorator';

/** The account operations' schemes, apart from the API-key ones: an access token and the refresh cookie. */
export function withAccountSecuritySchemes(builder: DocumentBuilder): DocumentBuilder {
  return builder
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'Account operations: Authorization: Bearer <accessToken from login>; not an API key',
      },
      SESSION_TOKEN_SCHEME,
    )
    .addCookieAuth(
      REFRESH_COOKIE,
      { type: 'apiKey', in: 'cookie', description: 'HttpOnly refresh-token cookie set by login and refresh' },
      REFRESH_COOKIE_SCHEME,
    );
}
