import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { closeRedis, createPersistentRedis, createRedis, RedisKeys, type RedisClient } from '@pds/redis';
import { IngestorEnvironment } from '../ingestor.environment';
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

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [IngestorEnvironment],
      useFactory: (env: IngestorEnvironment) =>
        createRedis(env, { connectionName: `ingestor:${env.INGESTOR_ID}` }),
    },
    {
      provide: QUEUE_REDIS,
      inject: [IngestorEnvironment],
      useFactory: (env: IngestorEnvironment) =>
        createPersistentRedis(env, `ingestor-queue:${env.INGESTOR_ID}`),
    },
    {
      provide: RedisKeys,
      inject: [IngestorEnvironment],
      useFactory: (env: IngestorEnvironment) => new RedisKeys(env.REDIS_PREFIX),
    },
    RedisCloser,
  ],
  exports: [REDIS, QUEUE_REDIS, RedisKeys],
})
export class StorageModule {}
