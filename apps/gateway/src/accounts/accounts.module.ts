import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PlansModule } from '../plans/plans.module';
import { AccountMetrics } from './account-metrics';
import { AccessTokenGuard } from './access/access-token.guard';
import { AccountRequestLimitGuard } from './access/account-request-limit.guard';
import { AccountApiKeysController } from './api-keys/account-api-keys.controller';
import { AccountApiKeys } from './api-keys/account-api-keys.service';
import { AccountKeyViews } from './api-keys/account-key-views';
import { AccountBoosts } from './boosts/account-boosts.service';
import { AdminAccountBoostsController } from './boosts/admin-account-boosts.controller';
import { AccountController } from './controllers/account.controller';
import { AuthController } from './controllers/auth.controller';
import { PasswordController } from './controllers/password.controller';
import { SessionProbeController } from './controllers/session-probe.controller';
import { AccessModule } from './gateway-seams';
import { AccountMails } from './mail/account-mails';
import { Mailer } from './mail/mailer.service';
import { PasswordHasher } from './passwords/password-hasher';
import { AccessTokens } from './sessions/access-tokens';
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
import { UsageHistory } from './usage/usage-history.service';

/**
 * The auth area and an account's own API keys: accounts, email verification, sign-in and sessions
 * (CONTRACT section 10).
 */
@Module({
  // The secret is passed on each call, so a gateway without AUTH_JWT_SECRET still starts.
  imports: [JwtModule.register({}), PlansModule, AccessModule],
  controllers: [
    AuthController,
    PasswordController,
    SessionProbeController,
    AccountController,
    AccountApiKeysController,
    AccountUsageController,
    AdminAccountBoostsController,
  ],
  providers: [
    AccountMetrics,
    AccountStore,
    AccountKeyViews,
    OneTimeTokens,
    PendingRegistrations,
    PasswordHasher,
    SessionStore,
    AccessTokens,
    AccessTokenGuard,
    AccountRequestLimitGuard,
    SignInLock,
    MailRequestLimit,
    Mailer,
    AccountMails,
    Registration,
    SignIn,
    PasswordReset,
    AccountApiKeys,
    AccountBoosts,
    UsageHistory,
  ],
  exports: [AccountStore, SessionStore, AccessTokens, AccessTokenGuard, AccountRequestLimitGuard, Mailer],
})
export class AccountsModule {}
