import { Module } from '@nestjs/common';
import { RedisKeys, type RedisClient } from '@pds/redis';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { ApiKeyStore } from '../api-keys/api-key.store';
import { REDIS } from '../storage/storage.module';
import { AdminBoostsController } from './admin-boosts.controller';
import { BoostStore } from './boost.store';
import { OwnBoostsController } from './own-boosts.controller';

/** The boosts area: admin grant, list, end; the owner lists its active boosts. */
@Module({
  imports: [ApiKeysModule],
  controllers: [AdminBoostsController, OwnBoostsController],
  providers: [
    {
      provide: BoostStore,
      inject: [REDIS, RedisKeys, ApiKeyStore],
      useFactory: (redis: RedisClient, keys: RedisKeys, apiKeys: ApiKeyStore) =>
        new BoostStore(redis, keys, apiKeys),
    },
  ],
})
export class BoostsModule {}
