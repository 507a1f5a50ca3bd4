import { applyDecorators, createParamDecorator, type ExecutionContext, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ApiRetryLaterResponses } from '../../docs/api-key-security.decorator';
import { ErrorBodyDto } from '../../errors/error-body.dto';
import { Public } from '../../public.decorator';
import type { Session } from './session.store';
import { SessionGuard, type SignedInRequest } from './session-token.guard';

/** The account operations' scheme: `Authorization: Bearer <session token>` from login (the document's name stays). */
export const SESSION_TOKEN_SCHEME = 'AccessToken';

/** refresh and logout: the HttpOnly refresh-token cookie that login sets. */
export const REFRESH_COOKIE_SCHEME = 'RefreshCookie';

/**
 * An account operation: no API key and no per-key rate limit (the global guards skip public
 * routes), an access token instead, at most 60 requests a minute per account, and the matching
 * scheme and answers in the document.
 */
export const AccountOnly = (): ClassDecorator & MethodDecorator =>
  applyDecorators(
    Public(),
    UseGuards(SessionGuard),
    ApiBearerAuth(SESSION_TOKEN_SCHEME),
    ApiUnauthorizedResponse({
      type: ErrorBodyDto,
      description: 'UNAUTHORIZED: no access token, or one that is invalid, expired or signed out',
    }),
    ApiRetryLaterResponses(
      'RATE_LIMIT_EXCEEDED: past 60 requests a minute for this account (ACCOUNT_REQUESTS_PER_MINUTE), or too many failed authentications from this address',
      'SERVICE_UNAVAILABLE',
    ),
  );

/** The signed-in session of an account operation. */
export const SignedInSession = createParamDecorator((_data: unknown, context: ExecutionContext): Session => {
  const session = context.switchToHttp().getRequest<SignedInRequest>().signedIn;
  if (!session) throw new Error('SignedInSession used on a route without AccountOnly');
  return session;
});
