import { Module } from '@nestjs/common';
import { RateLimitGuard } from './rate-limit.guard';

/** Per-key REST limits; the counter and keys come from the RedisModule. */
@Module({
  providers: [RateLimitGuard],
  exports: [RateLimitGuard],
})
export class RateLimitModule {}
