import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createRedis, RedisKeys, type RedisClient } from '@pds/redis';
import { GatewayEnvironment } from '../gateway.environment';

/** The gateway's request-path Redis connection: fails fast while Redis is away (no offline queue). */
export const REDIS = Symbol('REDIS');

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => {
      this.redis.disconnect();
    });
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [GatewayEnvironment],
      useFactory: (env: GatewayEnvironment) => createRedis(env, { connectionName: 'gateway' }),
    },
    {
      provide: RedisKeys,
      inject: [GatewayEnvironment],
      useFactory: (env: GatewayEnvironment) => new RedisKeys(env.REDIS_PREFIX),
    },
    RedisCloser,
  ],
  exports: [REDIS, RedisKeys],
})
export class StorageModule {}
