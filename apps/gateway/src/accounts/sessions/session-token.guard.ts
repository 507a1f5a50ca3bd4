import { type CanActivate, type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../../errors/api-exception';
import { AuthFailureLimiter, bearerTokenOf } from '../../keys';
import { ErrorCode } from '../../errors/error-code';
import { AccountRequestLimit, isBackgroundRead } from './account-request-limit';
import { SessionTokens } from './session-tokens';
import { type Session, SessionStore } from './session.store';

export interface SignedInRequest {
  signedIn?: Session;
}

/** The session token of `Authorization: Bearer <token>`, if the header holds one. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return bearerTokenOf(request.headers.authorization);
}

/**
 * Account operations need a valid session token whose session is still live in Redis (a logout or
 * a password reset ends it on every replica at once). An API key is not a session token: 401. A bad
 * token counts toward the per-address brute-force guard, like a bad API key.
 */
@Injectable()
export class SessionCheck {
  constructor(
    private readonly sessionTokens: SessionTokens,
    private readonly sessions: SessionStore,
    private readonly addressGuard: AuthFailureLimiter,
  ) {}

  /** The live session of `token` sent from `address`; 401 (or 429 past the failure limit) otherwise. */
  async signedIn(token: string | undefined, address: string): Promise<Session> {
    if (token === undefined)
      throw unauthorized('Missing access token: send it as Authorization: Bearer <token>');
    this.addressGuard.assertNotBlocked(address);
    const session = await this.sessionTokens.read(token);
    if (session && (await this.sessions.isLive(session))) return session;
    throw (await this.addressGuard.recordFailure(address)) ?? invalidSessionToken();
  }
}

/**
 * The guard of AccountOnly: the request's bearer token must name a live session, and its account
 * must be within its requests a minute.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly check: SessionCheck,
    private readonly limit: AccountRequestLimit,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return false;
    const request = context.switchToHttp().getRequest<FastifyRequest & SignedInRequest>();
    const session = await this.check.signedIn(sessionTokenOf(request), request.ip);
    await this.limit.count(session.accountId, isBackgroundRead(request));
    request.signedIn = session;
    return true;
  }
}

/** A token that is not, or no longer, a live access token. */
export function invalidSessionToken(): ApiException {
  return unauthorized('Invalid or expired access token');
}

function unauthorized(message: string): ApiException {
  return new ApiException(
    HttpStatus.UNAUTHORIZED,
    { code: ErrorCode.Unauthorized, message },
    { 'WWW-Authenticate': 'Bearer realm="account"' },
  );
}
