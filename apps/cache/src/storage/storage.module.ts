import { Global, Module } from '@nestjs/common';
import { workerRedisProviders } from '@pds/redis';
import { CacheEnvironment } from '../cache.environment';
import { CacheKeys } from './cache-keys';
import { QUEUE_REDIS, REDIS } from './redis.tokens';

const cacheKeys = {
  provide: CacheKeys,
  inject: [CacheEnvironment],
  useFactory: (env: CacheEnvironment) => new CacheKeys(env.REDIS_PREFIX),
};

@Global()
@Module({
  providers: [
    ...workerRedisProviders({
      environment: CacheEnvironment,
      tokens: { command: REDIS, queue: QUEUE_REDIS },
      role: 'cache',
      id: (env) => env.CACHE_WORKER_ID,
    }),
    cacheKeys,
  ],
  exports: [REDIS, QUEUE_REDIS, CacheKeys],
})
export class StorageModule {}
