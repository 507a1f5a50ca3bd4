import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { closeRedis, createRedis, RedisKeys, type RedisClient, untilReady } from '@pds/redis';
import { GatewayEnvironment } from '../gateway.environment';

/** The gateway's request-path Redis connection: fails fast while Redis is away (no offline queue). */
export const REDIS = Symbol('REDIS');

/** How long start-up waits for Redis before it listens anyway. */
const READY_WAIT_MS = 5000;

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}

  async onApplicationShutdown(): Promise<void> {
    await closeRedis(this.redis);
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [GatewayEnvironment],
      // Listening waits for the connection, so a new replica does not answer its first requests 503.
      useFactory: async (env: GatewayEnvironment) => {
        const redis = createRedis(env, { connectionName: 'gateway' });
        await untilReady(redis, READY_WAIT_MS);
        return redis;
      },
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
