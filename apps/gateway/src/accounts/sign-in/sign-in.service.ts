import { HttpStatus, Injectable } from '@nestjs/common';
import { ApiException } from '../../errors/api-exception';
import { AuthFailureLimiter } from '../../keys';
import { ErrorCode } from '../../errors/error-code';
import { AppLogger } from '@pds/observability';
import { PasswordHasher } from '../passwords/password-hasher';
import { SessionTokens, type IssuedSessionToken } from '../sessions/session-tokens';
import { type IssuedSession, type Session, SessionStore } from '../sessions/session.store';
import { AccountStore } from '../store/account.store';
import { SignInLock } from './sign-in-lock';

export interface SignedIn {
  readonly access: IssuedSessionToken;
  readonly refreshToken: string;
  /** Seconds until the refresh token expires, the sign-in's absolute end included. */
  readonly refreshExpiresIn: number;
}

/** Sign-in, refresh and sign-out (CONTRACT section 10). */
@Injectable()
export class SignIn {
  constructor(
    private readonly accounts: AccountStore,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly sessionTokens: SessionTokens,
    private readonly lock: SignInLock,
    private readonly addressGuard: AuthFailureLimiter,
    private readonly logger: AppLogger,
  ) {}

  /**
   * A wrong password and an unknown email get the same 401 after the same work (an Argon2 check);
   * each counts toward the per-address guard and the email's 10-in-15-minutes lock, which spares
   * the addresses the owner signed in from.
   */
  async login(email: string, password: string, address: string): Promise<SignedIn> {
    this.addressGuard.assertNotBlocked(address);
    const lockState = await this.lock.assertOpenTo(email, address);
    const account = await this.accounts.findByEmail(email);
    if (!(await this.passwords.matches(account?.passwordHash, password)) || !account) {
      await this.lock.recordFailure(email);
      throw (await this.addressGuard.recordFailure(address)) ?? invalidCredentials();
    }
    if (!account.verifiedAt) {
      throw ApiException.forbidden('Email not verified: open the link in the verification mail first');
    }
    await this.lock.recordSuccess(email, address, lockState);
    const session = await this.sessions.start(account.id);
    this.logger.info({ accountId: account.id, sessionId: session.sessionId }, 'signed-in');
    return this.signedIn(session);
  }

  /**
   * A spent token presented again is theft: the sign-in it belongs to ends. A sign-in past its
   * absolute end (30 days from the password) refreshes no more.
   */
  async refresh(refreshToken: string | undefined): Promise<SignedIn> {
    if (refreshToken === undefined) throw invalidRefreshToken();
    const rotation = await this.sessions.rotate(refreshToken);
    if (rotation.outcome === 'rotated') return this.signedIn(rotation.session);
    if (rotation.outcome === 'reused') this.logger.warn('refresh-token-reused');
    throw invalidRefreshToken();
  }

  /** Ends the sign-in of the refresh token, or else of the access token; nothing to end is fine. */
  async logout(refreshToken: string | undefined, accessToken: string | undefined): Promise<void> {
    const session = await this.sessionOf(refreshToken, accessToken);
    if (!session) return;
    await this.sessions.end(session);
    this.logger.info({ accountId: session.accountId, sessionId: session.sessionId }, 'signed-out');
  }

  private async sessionOf(
    refreshToken: string | undefined,
    accessToken: string | undefined,
  ): Promise<Session | undefined> {
    const fromRefresh =
      refreshToken === undefined ? undefined : await this.sessions.ownerOfToken(refreshToken);
    if (fromRefresh) return fromRefresh;
    return accessToken === undefined ? undefined : this.sessionTokens.read(accessToken);
  }

  private async signedIn(session: IssuedSession): Promise<SignedIn> {
    return {
      access: await this.sessionTokens.issue(session),
      refreshToken: session.refreshToken,
      refreshExpiresIn: session.refreshExpiresIn,
    };
  }
}

function invalidCredentials(): ApiException {
  return new ApiException(HttpStatus.UNAUTHORIZED, {
    code: ErrorCode.Unauthorized,
    message: 'Invalid email or password',
  });
}

function invalidRefreshToken(): ApiException {
  return new ApiException(HttpStatus.UNAUTHORIZED, {
    code: ErrorCode.Unauthorized,
    message: 'Invalid or expired refresh token: sign in again',
  });
}
