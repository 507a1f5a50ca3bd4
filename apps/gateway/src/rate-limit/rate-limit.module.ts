import { Module } from '@nestjs/common';
import { RateLimitGuard } from './rate-limit.guard';
import { RequestLimit } from './request-limit';

/** Per-key REST limits; the counter and keys come from the RedisModule. */
@Module({
  providers: [RequestLimit, RateLimitGuard],
  exports: [RequestLimit, RateLimitGuard],
})
export class RateLimitModule {}
