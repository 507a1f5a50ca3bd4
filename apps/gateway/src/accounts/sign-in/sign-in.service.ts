import { HttpStatus, Injectable } from '@nestjs/common';
import { ApiException } from '../../errors/api-exception';
import { AuthFailureLimiter } from '../../keys';
import { ErrorCode } from '../../errors/error-code';
import { AppLogger } from '@pds/observability';
import { PasswordHasher } from '../passwords/password-hasher';
import { SessionTokens, type IssuedSessionToken } from '../sessions/session-tokens';
import { type IssuedSession, type Session, SessionStore } from '../sessions/session.store';
import type { AccountRecord } from '../store/account-record';
import { AccountStore } from '../store/account.store';
import { PendingRegistrations } from '../store/pending-registrations';
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
    private readonly pending: PendingRegistrations,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly sessionTokens: SessionTokens,
    private readonly lock: SignInLock,
    private readonly addressGuard: AuthFailureLimiter,
    private readonly logger: AppLogger,
  ) {}

  /**
   * A wrong password and an unknown email get the same 401 after the same work (an Argon2 check).
   * The attempt is counted by the email's lock before the password is checked (429 past the limit,
   * unchecked), and a failure counts toward the per-address guard too.
   */
  async login(email: string, password: string, address: string): Promise<SignedIn> {
    this.addressGuard.assertNotBlocked(address);
    const attempt = await this.lock.admit(email, address);
    const account = await this.accounts.findByEmail(email);
    if (!(await this.passwordMatches(account, password)) || !account) {
      throw (await this.addressGuard.recordFailure(address)) ?? invalidCredentials();
    }
    await this.lock.takeBack(attempt);
    if (!account.verifiedAt) {
      throw ApiException.forbidden('Email not verified: open the link in the verification mail first');
    }
    return this.open(account, address);
  }

  /**
   * A new sign-in for an account whose password was just proven (a sign-in, or a confirmed email);
   * the address is remembered as one the owner signed in from.
   */
  async open(account: AccountRecord, address: string): Promise<SignedIn> {
    await this.lock.remember(account.email, address);
    const session = await this.sessions.start(account.id);
    this.logger.info({ accountId: account.id, sessionId: session.sessionId }, 'signed-in');
    return this.signedIn(session);
  }

  /**
   * Whether `password` is the account's; for an email not confirmed yet, that of any of its pending
   * registrations (so each of them hears "not confirmed yet", not "wrong password"). Without an
   * account, one Argon2 check all the same.
   */
  private async passwordMatches(account: AccountRecord | undefined, password: string): Promise<boolean> {
    const pending = account && !account.verifiedAt ? await this.pending.of(account.id) : [];
    const hashes = pending.length > 0 ? pending.map((each) => each.passwordHash) : [account?.passwordHash];
    for (const hash of hashes) if (await this.passwords.matches(hash, password)) return true;
    return false;
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
