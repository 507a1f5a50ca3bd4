import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { EntitlementsModule } from '../entitlements';
import { AccountMetrics } from './account-metrics';
import { SessionCheck, SessionGuard } from './sessions/session-token.guard';
import { AccountRequestLimit } from './sessions/account-request-limit';
import { AccountApiKeysController } from './api-keys/account-api-keys.controller';
import { KeysModule } from '../keys';
import { AccountBoosts } from './boosts/account-boosts';
import { AdminAccountBoostsController } from './boosts/admin-account-boosts.controller';
import { OwnAccountBoostsController } from './boosts/own-account-boosts.controller';
import { AccountController } from './controllers/account.controller';
import { AuthController } from './controllers/auth.controller';
import { PasswordController } from './controllers/password.controller';
import { SessionProbeController } from './controllers/session-probe.controller';
import { AccountMails } from './mail/account-mails';
import { Mailer } from './mail/mailer.service';
import { PasswordHasher } from './passwords/password-hasher';
import { SessionTokens } from './sessions/session-tokens';
import { SessionStore } from './sessions/session.store';
import { MailRequestLimit } from './sign-in/mail-request-limit';
import { PasswordReset } from './sign-in/password-reset.service';
import { Registration } from './sign-in/registration.service';
import { SignIn } from './sign-in/sign-in.service';
import { SignInLock } from './sign-in/sign-in-lock';
import { AccountStore } from './store/account.store';
import { OneTimeTokens } from './store/one-time-tokens';
import { PendingRegistrations } from './store/pending-registrations';
import { AccountUsageController } from './usage/account-usage.controller';

/**
 * Identity: accounts, email verification, sign-in, sessions and password resets (CONTRACT section
 * 10), and the session-guarded routes of an account: its keys and usage (from KeysModule) and the
 * account's boosts: the admin's grant, list and end, the account's own list (stored by EntitlementsModule).
 */
@Module({
  // The secret is passed on each call, so a gateway without AUTH_JWT_SECRET still starts.
  imports: [JwtModule.register({}), EntitlementsModule, KeysModule],
  controllers: [
    AuthController,
    PasswordController,
    SessionProbeController,
    AccountController,
    AccountApiKeysController,
    AccountUsageController,
    AdminAccountBoostsController,
    OwnAccountBoostsController,
  ],
  providers: [
    AccountMetrics,
    AccountStore,
    OneTimeTokens,
    PendingRegistrations,
    PasswordHasher,
    SessionStore,
    SessionTokens,
    SessionCheck,
    SessionGuard,
    AccountRequestLimit,
    SignInLock,
    MailRequestLimit,
    Mailer,
    AccountMails,
    Registration,
    SignIn,
    PasswordReset,
    AccountBoosts,
  ],
  // SessionCheck and AccountRequestLimit are what SessionGuard needs where another module's
  // controllers use AccountOnly.
  exports: [AccountStore, SessionCheck, AccountRequestLimit, Mailer],
})
export class AccountsModule {}
