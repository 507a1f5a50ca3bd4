import { Injectable } from '@nestjs/common';
import { AccountMetrics } from '../account-metrics';
import { ApiException } from '../../errors/api-exception';
import { AppLogger } from '@pds/observability';
import { AccountMails } from '../mail/account-mails';
import { PasswordHasher } from '../passwords/password-hasher';
import type { AccountRecord } from '../store/account-record';
import { AccountStore } from '../store/account.store';
import { OneTimeTokens } from '../store/one-time-tokens';

/** Sign-up and email verification (CONTRACT section 10). */
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
   * answers the same: a verified owner gets a notice; an unverified one a fresh link that carries
   * this registration's password, while the account and its earlier links stay as they were, so
   * whoever registers someone else's address cannot set the password the owner ends up with. The
   * password is hashed in every case, so the time tells nothing either.
   */
  async register(email: string, password: string): Promise<void> {
    const passwordHash = await this.passwords.hash(password);
    const created = await this.accounts.create({ email, passwordHash });
    if (created) {
      this.logger.info({ accountId: created.id }, 'account-registered');
      this.metrics.signedUp();
      await this.mailVerification(created, passwordHash);
      return;
    }
    const existing = await this.accounts.findByEmail(email);
    if (!existing) return;
    if (existing.verifiedAt) {
      this.mails.alreadyRegistered(existing);
      return;
    }
    await this.mailVerification(existing, passwordHash);
  }

  /**
   * A new link for an account that exists and is not verified yet, at most one a minute per account;
   * nothing otherwise (the caller answers the same). The link stands for the password the account
   * was created with.
   */
  async resendVerification(email: string): Promise<void> {
    const account = await this.accounts.findByEmail(email);
    if (!account || account.verifiedAt) return;
    if (!(await this.accounts.claimVerificationResend(account.id))) return;
    await this.mailVerification(account, account.passwordHash);
  }

  async verifyEmail(token: string): Promise<void> {
    const pending = await this.tokens.redeemVerification(token);
    if (!pending || !(await this.accounts.verify(pending.accountId, pending.passwordHash))) {
      throw invalidToken();
    }
    this.logger.info({ accountId: pending.accountId }, 'account-verified');
    this.metrics.verified();
  }

  private async mailVerification(account: AccountRecord, passwordHash: string): Promise<void> {
    const token = await this.tokens.issueVerification({ accountId: account.id, passwordHash });
    this.mails.verifyEmail(account, token);
  }
}

/** The one answer for an unknown, used or expired mailed token. */
export function invalidToken(): ApiException {
  return ApiException.validation(['token is invalid or expired']);
}
