import { type ExecutionContext, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { AuthenticatedRequest } from '../auth/api-key-principal';
import { FixedWindowCounter } from '../storage/fixed-window-counter';
import { RedisThrottlerStorage } from './redis-throttler.storage';

const WINDOW_MS = 60_000;

function keyLimit(context: ExecutionContext): number {
  return context.switchToHttp().getRequest<AuthenticatedRequest>().apiKey?.requestsPerMinute ?? 0;
}

@Module({
  providers: [FixedWindowCounter, RedisThrottlerStorage],
  exports: [FixedWindowCounter, RedisThrottlerStorage],
})
export class RateLimitStorageModule {}

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [RedisThrottlerStorage],
      useFactory: (storage: RedisThrottlerStorage) => ({
        throttlers: [{ name: 'default', ttl: WINDOW_MS, limit: keyLimit }],
        storage,
      }),
    }),
  ],
  exports: [ThrottlerModule],
})
export class RateLimitModule {}
