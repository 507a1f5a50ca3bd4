import { Module } from '@nestjs/common';
import { ChangesModule } from '../changes/changes.module';
import { EntitlementsModule } from '../entitlements';
import { AccountApiKeys } from './account-keys/account-api-keys.service';
import { AccountKeyViews } from './account-keys/account-key-views';
import { AdminApiKeysController } from './admin/admin-api-keys.controller';
import { AuthFailureLimiter } from './authentication/auth-failure-limiter';
import { Authenticator } from './authentication/authenticator';
import { OwnKeyView } from './own-key/own-key-view';
import { OwnApiKeyController } from './own-key/own-api-key.controller';
import { AdminKeyBoostsController } from './boosts/admin-key-boosts.controller';
import { KeyBoosts } from './boosts/key-boosts';
import { OwnBoostsController } from './boosts/own-boosts.controller';
import { ApiKeyStore } from './store/api-key.store';
import { CurrentUsage } from './usage/current-usage.service';
import { UsageHistory } from './usage/usage-history.service';

/**
 * Every API key, admin- or account-made: the store, authentication of the three schemes (the
 * Authenticator, for HTTP and WebSocket) with the per-address failure limiter, the admin API, a
 * key's view of itself and its usage history. What a key may do comes from EntitlementsModule.
 */
@Module({
  imports: [ChangesModule, EntitlementsModule],
  controllers: [AdminApiKeysController, OwnApiKeyController, AdminKeyBoostsController, OwnBoostsController],
  providers: [
    ApiKeyStore,
    KeyBoosts,
    AuthFailureLimiter,
    Authenticator,
    CurrentUsage,
    OwnKeyView,
    UsageHistory,
    AccountApiKeys,
    AccountKeyViews,
  ],
  exports: [
    ApiKeyStore,
    KeyBoosts,
    UsageHistory,
    AuthFailureLimiter,
    Authenticator,
    AccountApiKeys,
    AccountKeyViews,
  ],
})
export class KeysModule {}
