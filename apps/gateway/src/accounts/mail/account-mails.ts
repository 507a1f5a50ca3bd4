import { Injectable } from '@nestjs/common';
import type { AccountRecord } from '../store/account-record';
import { Mailer } from './mailer.service';

/** The mails of the auth area; links open the account page of PUBLIC_BASE_URL. */
@Injectable()
export class AccountMails {
  constructor(private readonly mailer: Mailer) {}

  verifyEmail(account: AccountRecord, token: string): void {
    this.mailer.sendInBackground({
      kind: 'verify-email',
      accountId: account.id,
      to: account.email,
      subject: 'Confirm your email address',
      text: [
        'Welcome to the Price Data Service.',
        '',
        'Open this link within 24 hours to confirm your email address:',
        `${this.mailer.accountPage}?verify=${token}`,
        '',
        'If you did not sign up, ignore this mail.',
      ].join('\n'),
    });
  }

  /** Someone tried to sign up again with this email: tell the owner, reveal nothing to them. */
  alreadyRegistered(account: AccountRecord): void {
    this.mailer.sendInBackground({
      kind: 'already-registered',
      accountId: account.id,
      to: account.email,
      subject: 'Someone tried to sign up with your email address',
      text: [
        'Someone tried to create an account with this email address, which already has one.',
        '',
        `If it was you, sign in, or reset your password at ${this.mailer.accountPage}.`,
        'If not, you need not do anything.',
      ].join('\n'),
    });
  }

  resetPassword(account: AccountRecord, token: string): void {
    this.mailer.sendInBackground({
      kind: 'reset-password',
      accountId: account.id,
      to: account.email,
      subject: 'Reset your password',
      text: [
        'Open this link within 1 hour to choose a new password:',
        `${this.mailer.accountPage}?reset=${token}`,
        '',
        'If you did not ask for it, ignore this mail; your password stays as it is.',
      ].join('\n'),
    });
  }
}
