import { type CanActivate, type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiException, AuthFailureLimiter, ErrorCode } from '../gateway-seams';
import { AccessTokens } from '../sessions/access-tokens';
import { type Session, SessionStore } from '../sessions/session.store';

export interface SignedInRequest {
  signedIn?: Session;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The access token of `Authorization: Bearer <token>`, if the header holds one. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
}

/**
 * Account operations need a valid access token whose session is still live in Redis (a logout or a
 * password reset ends it on every replica at once). An API key is not an access token: 401. A bad
 * token counts toward the per-address brute-force guard, like a bad API key.
 */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  constructor(
    private readonly accessTokens: AccessTokens,
    private readonly sessions: SessionStore,
    private readonly addressGuard: AuthFailureLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return false;
    const request = context.switchToHttp().getRequest<FastifyRequest & SignedInRequest>();
    const token = bearerTokenOf(request);
    if (token === undefined)
      throw unauthorized('Missing access token: send it as Authorization: Bearer <token>');
    this.addressGuard.assertNotBlocked(request.ip);
    const session = await this.accessTokens.read(token);
    if (session && (await this.sessions.isLive(session))) {
      request.signedIn = session;
      return true;
    }
    throw (await this.addressGuard.recordFailure(request.ip)) ?? invalidAccessToken();
  }
}

/** A token that is not, or no longer, a live access token. */
export function invalidAccessToken(): ApiException {
  return unauthorized('Invalid or expired access token');
}

function unauthorized(message: string): ApiException {
  return new ApiException(
    HttpStatus.UNAUTHORIZED,
    { code: ErrorCode.Unauthorized, message },
    { 'WWW-Authenticate': 'Bearer realm="account"' },
  );
}
