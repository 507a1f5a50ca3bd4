import { Module } from '@nestjs/common';
import { RateLimitMetrics } from './rate-limit-metrics';
import { RateLimitGuard } from './rate-limit.guard';
import { RequestLimit } from './request-limit';

/** Per-key REST limits; the counter and keys come from the RedisModule. */
@Module({
  providers: [RequestLimit, RateLimitGuard, RateLimitMetrics],
  exports: [RequestLimit, RateLimitGuard],
})
export class RateLimitModule {}
