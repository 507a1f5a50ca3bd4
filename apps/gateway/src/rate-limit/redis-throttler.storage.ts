import { Injectable } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { FixedWindowCounter, secondsLeft } from '../storage/fixed-window-counter';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * Throttler storage on the shared fixed-window counter: one Redis round trip per request, and the
 * same count on every replica. A window blocks for its own remainder, so `blockDuration` is unused.
 */
@Injectable()
export class RedisThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly counter: FixedWindowCounter) {}

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const count = await this.counter.increment(key, ttl);
    const seconds = secondsLeft(count);
    const isBlocked = count.hits > limit;
    return {
      totalHits: count.hits,
      timeToExpire: seconds,
      isBlocked,
      timeToBlockExpire: isBlocked ? seconds : 0,
    };
  }
}
