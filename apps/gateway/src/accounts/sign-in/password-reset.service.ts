import { Injectable } from '@nestjs/common';
import { AppLogger } from '@pds/observability';
import { AccountMails } from '../mail/account-mails';
import { PasswordHasher } from '../passwords/password-hasher';
import { SessionStore } from '../sessions/session.store';
import { AccountStore } from '../store/account.store';
import { OneTimeTokens, TokenPurpose } from '../store/one-time-tokens';
import { invalidToken } from './registration.service';
import { SignInLock } from './sign-in-lock';

/**
 * Forgotten passwords: a single-use link by mail, then a new password that ends every sign-in and
 * clears the failed sign-in count.
 */
@Injectable()
export class PasswordReset {
  constructor(
    private readonly accounts: AccountStore,
    private readonly passwords: PasswordHasher,
    private readonly tokens: OneTimeTokens,
    private readonly sessions: SessionStore,
    private readonly lock: SignInLock,
    private readonly mails: AccountMails,
    private readonly logger: AppLogger,
  ) {}

  /** Mails a reset link when the account exists; the caller answers the same either way. */
  async forgot(email: string): Promise<void> {
    const account = await this.accounts.findByEmail(email);
    if (!account) return;
    this.mails.resetPassword(account, await this.tokens.issue(TokenPurpose.ResetPassword, account));
  }

  async reset(token: string, password: string): Promise<void> {
    const account = await this.tokens.redeem(TokenPurpose.ResetPassword, token);
    if (!account) throw invalidToken();
    // The link came by mail, so whoever follows it owns the address: it confirms the email too.
    await this.accounts.setPasswordFromMailedLink(account.id, await this.passwords.hash(password));
    await this.sessions.endAll(account.id);
    await this.lock.clear(account.email);
    this.logger.info({ accountId: account.id }, 'password-reset');
  }
}
