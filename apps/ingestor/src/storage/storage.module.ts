import { Global, Module } from '@nestjs/common';
import { RedisKeys, workerRedisProviders } from '@pds/redis';
import { IngestorEnvironment } from '../ingestor.environment';
import { QUEUE_REDIS, REDIS } from './redis.tokens';

@Global()
@Module({
  providers: [
    ...workerRedisProviders({
      environment: IngestorEnvironment,
      tokens: { command: REDIS, queue: QUEUE_REDIS },
      role: 'ingestor',
      id: (env) => env.INGESTOR_ID,
    }),
    {
      provide: RedisKeys,
      inject: [IngestorEnvironment],
      useFactory: (env: IngestorEnvironment) => new RedisKeys(env.REDIS_PREFIX),
    },
  ],
  exports: [REDIS, QUEUE_REDIS, RedisKeys],
})
export class StorageModule {}
