import { Module } from '@nestjs/common';
import { RateLimitMetrics } from './rate-limit-metrics';
import { RequestLimit } from './request-limit';

/** Per-key REST limits; the counter and keys come from the RedisModule. */
@Module({
  providers: [RequestLimit, RateLimitMetrics],
  exports: [RequestLimit],
})
export class RateLimitModule {}
