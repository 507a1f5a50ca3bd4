import { Injectable } from '@nestjs/common';
import { AccountMetrics } from '../account-metrics';
import { ApiException, AppLogger } from '../gateway-seams';
import { AccountMails } from '../mail/account-mails';
import { PasswordHasher } from '../passwords/password-hasher';
import { AccountStore } from '../store/account.store';
import { OneTimeTokens, TokenPurpose } from '../store/one-time-tokens';

/** Sign-up and email verification. */
@Injectable()
export class Registration {
  constructor(
    private readonly accounts: AccountStore,
    private readonly passwords: PasswordHasher,
    private readonly tokens: OneTimeTokens,
    private readonly mails: AccountMails,
    private readonly logger: AppLogger,
    private readonly metrics: AccountMetrics,
  ) {}

  /**
   * Creates the account and mails a verification link. For an email already registered the caller
   * answers the same: a verified owner gets a notice, an unverified one the new password and a new
   * link (earlier links die with the old password). The password is hashed in every case, so the
   * time tells nothing either.
   */
  async register(email: string, password: string): Promise<void> {
    const passwordHash = await this.passwords.hash(password);
    const created = await this.accounts.create({ email, passwordHash });
    if (created) {
      this.logger.info({ accountId: created.id }, 'account-registered');
      this.metrics.signedUp();
      this.mails.verifyEmail(created, await this.tokens.issue(TokenPurpose.VerifyEmail, created));
      return;
    }
    const existing = await this.accounts.findByEmail(email);
    if (!existing) return;
    if (!(await this.accounts.replaceUnverifiedPasswordHash(existing.id, passwordHash))) {
      this.mails.alreadyRegistered(existing);
      return;
    }
    const renewed = { ...existing, passwordHash };
    this.mails.verifyEmail(renewed, await this.tokens.issue(TokenPurpose.VerifyEmail, renewed));
  }

  async verifyEmail(token: string): Promise<void> {
    const account = await this.tokens.redeem(TokenPurpose.VerifyEmail, token);
    if (!account) throw invalidToken();
    await this.accounts.markVerified(account.id);
    this.logger.info({ accountId: account.id }, 'account-verified');
    this.metrics.verified();
  }
}

/** The one answer for an unknown, used or expired mailed token. */
export function invalidToken(): ApiException {
  return ApiException.validation(['token is invalid or expired']);
}
