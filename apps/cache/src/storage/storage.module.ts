import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { closeRedis, createPersistentRedis, createRedis, type RedisClient } from '@pds/redis';
import { CacheEnvironment } from '../cache.environment';
import { CacheKeys } from './cache-keys';
import { QUEUE_REDIS, REDIS } from './redis.tokens';

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(QUEUE_REDIS) private readonly queueRedis: RedisClient,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.redis, this.queueRedis].map(closeRedis));
  }
}

const cacheKeys = {
  provide: CacheKeys,
  inject: [CacheEnvironment],
  useFactory: (env: CacheEnvironment) => new CacheKeys(env.REDIS_PREFIX),
};

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [CacheEnvironment],
      useFactory: (env: CacheEnvironment) =>
        createRedis(env, { connectionName: `cache:${env.CACHE_WORKER_ID}` }),
    },
    {
      provide: QUEUE_REDIS,
      inject: [CacheEnvironment],
      // Blocking commands (BullMQ's worker and events) must not have a command timeout.
      useFactory: (env: CacheEnvironment) => createPersistentRedis(env, `cache-queue:${env.CACHE_WORKER_ID}`),
    },
    cacheKeys,
    RedisCloser,
  ],
  exports: [REDIS, QUEUE_REDIS, CacheKeys],
})
export class StorageModule {}
