import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ApiException } from '../../errors/api-exception';
import { GatewayEnvironment } from '../../gateway.environment';
import type { Session } from './session.store';

interface SessionClaims {
  readonly sub: string;
  readonly sid: string;
  readonly typ: string;
}

/** The `typ` claim of a session token (the contract calls it the access token). */
const ACCESS_TYPE = 'access';
const ALGORITHM = 'HS256';

export interface IssuedSessionToken {
  readonly accessToken: string;
  readonly tokenType: 'Bearer';
  readonly expiresIn: number;
}

/**
 * Short-lived signed session tokens (HS256, AUTH_JWT_SECRET; the API's `accessToken`). They name
 * their session, which SessionGuard checks in Redis on every account request, so a logout ends them
 * on every replica at once.
 */
@Injectable()
export class SessionTokens {
  private readonly secret: string | undefined;
  private readonly lifetimeSeconds: number;

  constructor(
    private readonly jwt: JwtService,
    env: GatewayEnvironment,
  ) {
    this.secret = env.AUTH_JWT_SECRET;
    this.lifetimeSeconds = env.AUTH_ACCESS_TOKEN_TTL_SECONDS;
  }

  async issue(session: Session): Promise<IssuedSessionToken> {
    const claims: SessionClaims = { sub: session.accountId, sid: session.sessionId, typ: ACCESS_TYPE };
    const accessToken = await this.jwt.signAsync(claims, {
      secret: this.requireSecret(),
      algorithm: ALGORITHM,
      expiresIn: this.lifetimeSeconds,
    });
    return { accessToken, tokenType: 'Bearer', expiresIn: this.lifetimeSeconds };
  }

  /** The session the token names, or undefined when it is not a valid, unexpired access token. */
  async read(token: string): Promise<Session | undefined> {
    try {
      const claims = await this.jwt.verifyAsync<Partial<SessionClaims>>(token, {
        secret: this.requireSecret(),
        algorithms: [ALGORITHM],
      });
      if (claims.typ !== ACCESS_TYPE || !claims.sub || !claims.sid) return undefined;
      return { accountId: claims.sub, sessionId: claims.sid };
    } catch (error) {
      if (error instanceof ApiException) throw error;
      return undefined;
    }
  }

  private requireSecret(): string {
    if (this.secret) return this.secret;
    throw ApiException.serviceUnavailable('Sign-in is not configured: AUTH_JWT_SECRET is not set', 60);
  }
}
