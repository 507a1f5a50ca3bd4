import { HttpStatus, Injectable } from '@nestjs/common';
import { AccountMetrics } from '../account-metrics';
import { ApiException } from '../../errors/api-exception';
import { AuthFailureLimiter } from '../../keys';
import { ErrorCode } from '../../errors/error-code';
import { AppLogger } from '@pds/observability';
import { AccountMails } from '../mail/account-mails';
import { PasswordHasher } from '../passwords/password-hasher';
import { PendingAdd, Verification } from '../store/account.lua';
import type { AccountRecord } from '../store/account-record';
import { AccountStore } from '../store/account.store';
import { isFreshLink, OneTimeTokens } from '../store/one-time-tokens';
import { type PendingRegistration, PendingRegistrations } from '../store/pending-registrations';
import { type SignedIn, SignIn } from './sign-in.service';

/** Sign-up and email verification (CONTRACT section 10). */
@Injectable()
export class Registration {
  constructor(
    private readonly accounts: AccountStore,
    private readonly pending: PendingRegistrations,
    private readonly passwords: PasswordHasher,
    private readonly tokens: OneTimeTokens,
    private readonly mails: AccountMails,
    private readonly signIn: SignIn,
    private readonly addressGuard: AuthFailureLimiter,
    private readonly logger: AppLogger,
    private readonly metrics: AccountMetrics,
  ) {}

  /**
   * Creates the account and mails a verification link. For an email already registered the caller
   * answers the same: a verified owner gets a notice; an unverified one keeps this registration's
   * password beside the earlier ones (first come: once 10 are pending a later one is not kept, so
   * none pushes out the owner's) and gets a fresh link, while nothing of the account changes. At most
   * 5 registration mails an hour go to one address. The password is hashed in every case, so the
   * time tells nothing either.
   */
  async register(email: string, password: string): Promise<void> {
    const passwordHash = await this.passwords.hash(password);
    const created = await this.accounts.create({ email, passwordHash });
    if (created) {
      this.logger.info({ accountId: created.id }, 'account-registered');
      this.metrics.signedUp();
      await this.mailVerification(created);
      return;
    }
    const existing = await this.accounts.findByEmail(email);
    if (!existing) return;
    if (existing.verifiedAt) {
      if (await this.accounts.claimRegistrationMail(existing.id)) this.mails.alreadyRegistered(existing);
    } else if ((await this.pending.add(existing.id, passwordHash)) === PendingAdd.Added) {
      await this.mailVerification(existing);
    }
  }

  /**
   * A new link for an account that exists and is not verified yet, at most one a minute per account;
   * nothing otherwise (the caller answers the same). Like every link, it carries no password.
   */
  async resendVerification(email: string): Promise<void> {
    const account = await this.accounts.findByEmail(email);
    if (!account || account.verifiedAt) return;
    if (!(await this.accounts.claimVerificationResend(account.id))) return;
    await this.mailVerification(account);
  }

  /**
   * Confirms the email with the password of one of its pending registrations, which becomes the
   * account's password, and signs in. A link of a confirmed email: 409; unknown or expired: 400; a
   * password matching no pending registration: 401 (counted per address), the link still usable.
   */
  async verifyEmail(token: string, password: string, address: string): Promise<SignedIn> {
    const link = await this.tokens.readVerification(token);
    const account = link ? await this.accounts.findById(link.accountId) : undefined;
    if (!link || !account) throw invalidToken();
    if (account.verifiedAt) throw alreadyConfirmed();
    if (!isFreshLink(link)) throw invalidToken();
    this.addressGuard.assertNotBlocked(address);
    const registration = await this.registrationWith(account.id, password);
    if (!registration) throw (await this.addressGuard.recordFailure(address)) ?? wrongPassword();
    const outcome = await this.pending.verify(account.id, registration);
    if (outcome === Verification.AlreadyVerified) throw alreadyConfirmed();
    if (outcome !== Verification.Done) throw invalidToken();
    this.logger.info({ accountId: account.id }, 'account-verified');
    this.metrics.verified();
    return this.signIn.open(account, address);
  }

  /** The pending registration whose password this is, newest first; each check is one Argon2 run. */
  private async registrationWith(
    accountId: string,
    password: string,
  ): Promise<PendingRegistration | undefined> {
    const registrations = await this.pending.of(accountId);
    if (registrations.length === 0) await this.passwords.matches(undefined, password);
    for (const registration of registrations) {
      if (await this.passwords.matches(registration.passwordHash, password)) return registration;
    }
    return undefined;
  }

  /** A fresh link, unless 5 registration mails went to the address this hour (the cap counts every sender). */
  private async mailVerification(account: AccountRecord): Promise<void> {
    if (!(await this.accounts.claimRegistrationMail(account.id))) return;
    this.mails.verifyEmail(account, await this.tokens.issueVerification(account.id));
  }
}

/** The one answer for an unknown, used or expired mailed token. */
export function invalidToken(): ApiException {
  return ApiException.validation(['token is invalid or expired']);
}

function alreadyConfirmed(): ApiException {
  return ApiException.conflict('email is already confirmed; sign in');
}

function wrongPassword(): ApiException {
  return new ApiException(HttpStatus.UNAUTHORIZED, {
    code: ErrorCode.Unauthorized,
    message: 'This is not the password given when signing up with this email',
  });
}
