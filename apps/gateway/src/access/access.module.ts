import { Module } from '@nestjs/common';
import { ChangesModule } from '../changes/changes.module';
import { PlansModule } from '../plans/plans.module';
import { AdminApiKeysController } from './admin/admin-api-keys.controller';
import { AdminBoostsController } from './admin/admin-boosts.controller';
import { ApiKeyGuard } from './authentication/api-key.guard';
import { AuthFailureLimiter } from './authentication/auth-failure-limiter';
import { Authenticator } from './authentication/authenticator';
import { ApiKeyStore } from './keys/api-key.store';
import { BoostStore } from './keys/boost.store';
import { KeyLimits } from './keys/key-limits';
import { OwnerPlans } from './keys/owner-plans';
import { KeyUsageService } from './own-key/key-usage.service';
import { OwnApiKeyController } from './own-key/own-api-key.controller';
import { OwnBoostsController } from './own-key/own-boosts.controller';

/**
 * Who may call, with which limits: API keys and boosts (stores), authentication of the three
 * schemes (the guard, for HTTP; the Authenticator, for WebSocket too), the admin API and a key's
 * view of itself. Keys owned by accounts and limits from plans plug in by replacing the stores and
 * KeyLimits, which everything here injects.
 */
@Module({
  imports: [ChangesModule, PlansModule],
  controllers: [AdminApiKeysController, OwnApiKeyController, AdminBoostsController, OwnBoostsController],
  providers: [
    ApiKeyStore,
    BoostStore,
    KeyLimits,
    OwnerPlans,
    AuthFailureLimiter,
    Authenticator,
    ApiKeyGuard,
    KeyUsageService,
  ],
  exports: [
    ApiKeyStore,
    BoostStore,
    KeyLimits,
    KeyUsageService,
    AuthFailureLimiter,
    Authenticator,
    ApiKeyGuard,
  ],
})
export class AccessModule {}
