import { Module } from '@nestjs/common';
import { ChangesModule } from '../changes/changes.module';
import { EntitlementsModule } from '../entitlements';
import { AccountApiKeys } from './account-keys/account-api-keys.service';
import { AccountKeyViews } from './account-keys/account-key-views';
import { AdminApiKeysController } from './admin/admin-api-keys.controller';
import { AdminBoostsController } from './admin/admin-boosts.controller';
import { KeyBoosts } from './admin/key-boosts';
import { AuthFailureLimiter } from './authentication/auth-failure-limiter';
import { Authenticator } from './authentication/authenticator';
import { KeyUsageService } from './own-key/key-usage.service';
import { OwnApiKeyController } from './own-key/own-api-key.controller';
import { OwnBoostsController } from './own-key/own-boosts.controller';
import { ApiKeyStore } from './store/api-key.store';

/**
 * Every API key, admin- or account-made: the store, authentication of the three schemes (the
 * Authenticator, for HTTP and WebSocket) with the per-address failure limiter, the
 * admin API and a key's view of itself. What a key may do comes from EntitlementsModule.
 */
@Module({
  imports: [ChangesModule, EntitlementsModule],
  controllers: [AdminApiKeysController, OwnApiKeyController, AdminBoostsController, OwnBoostsController],
  providers: [
    ApiKeyStore,
    KeyBoosts,
    AuthFailureLimiter,
    Authenticator,
    KeyUsageService,
    AccountApiKeys,
    AccountKeyViews,
  ],
  exports: [
    ApiKeyStore,
    KeyBoosts,
    KeyUsageService,
    AuthFailureLimiter,
    Authenticator,
    AccountApiKeys,
    AccountKeyViews,
  ],
})
export class KeysModule {}
