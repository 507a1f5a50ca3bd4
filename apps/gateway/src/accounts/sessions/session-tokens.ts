import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ApiException } from '../../errors/api-exception';
import { GatewayEnvironment } from '../../gateway.environment';
import type { Session } from './session.store';

interface AccessClaims {
  readonly sub: string;
  readonly sid: string;
  readonly typ: string;
}

const ACCESS_TYPE = 'access';
const ALGORITHM = 'HS256';

export interface IssuedAccessToken {
  readonly accessToken: string;
  readonly tokenType: 'Bearer';
  readonly expiresIn: number;
}

/**
 * Short-lived signed access tokens (HS256, AUTH_JWT_SECRET). They name their session, which the
 * guard checks in Redis on every account request, so a logout ends them on every replica at once.
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

  async issue(session: Session): Promise<IssuedAccessToken> {
    const claims: AccessClaims = { sub: session.accountId, sid: session.sessionId, typ: ACCESS_TYPE };
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
      const claims = await this.jwt.verifyAsync<Partial<AccessClaims>>(token, {
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
