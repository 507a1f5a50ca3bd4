import { Module } from '@nestjs/common';
import { RedisKeys, type RedisClient } from '@pds/redis';
import { REDIS } from '../storage/storage.module';
import { AdminApiKeysController } from './admin-api-keys.controller';
import { ApiKeyStore } from './api-key.store';
import { KeyUsageService } from './key-usage.service';
import { OwnApiKeyController } from './own-api-key.controller';

/** The api-keys area: admin create, list, revoke; the owner's view of its key. */
@Module({
  controllers: [AdminApiKeysController, OwnApiKeyController],
  providers: [
    {
      provide: ApiKeyStore,
      inject: [REDIS, RedisKeys],
      useFactory: (redis: RedisClient, keys: RedisKeys) => new ApiKeyStore(redis, keys),
    },
    KeyUsageService,
  ],
  exports: [ApiKeyStore],
})
export class ApiKeysModule {}
