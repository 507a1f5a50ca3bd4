import { Injectable } from '@nestjs/common';
import { FixedWindowCounter, RedisKeys, type WindowCount } from '@pds/redis';
import type { FastifyReply } from 'fastify';
import type { ApiKeyPrincipal } from '../keys';
import { asStorageError } from '../errors/storage-unavailable.error';
import { retryAfterSeconds, tooManyRequests } from '../errors/too-many-requests';
import { HitTargets } from './hit-targets';

const WINDOW_MS = 60_000;

/**
 * Per-key, per-operation REST limits (CONTRACT section 5): a fixed window per key and bucket in
 * Redis, the same count on every replica; a round trip per request, or none for a busy key with a
 * high limit while this replica holds an allotment of its window (FixedWindowCounter.meter). The script
 * call also tallies the request (and a 429) in the key's hourly usage history (CONTRACT section 10).
 * Counted by ProtectedOperation, for Nest's routes and the price lane alike.
 */
@Injectable()
export class RequestLimit {
  private readonly targets: HitTargets;

  constructor(
    private readonly counter: FixedWindowCounter,
    keys: RedisKeys,
  ) {
    this.targets = new HitTargets(keys);
  }

  /** Counts one request of `principal` in `bucket`; sets X-RateLimit-*; throws 429 past the limit. */
  async count(principal: ApiKeyPrincipal, bucket: string, reply: FastifyReply): Promise<void> {
    const limit = principal.requestsPerMinute;
    const { windowKey, tally } = this.targets.of(principal, principal.id, bucket, limit, Date.now());
    let count: WindowCount;
    try {
      count = await this.counter.meter(windowKey, WINDOW_MS, limit, tally);
    } catch (error) {
      throw asStorageError(error);
    }
    const seconds = retryAfterSeconds(count.msLeft);
    // On every authenticated answer, the 429 included (CONTRACT section 5).
    reply.header('X-RateLimit-Limit', limit);
    reply.header('X-RateLimit-Remaining', Math.max(0, limit - count.hits));
    reply.header('X-RateLimit-Reset', seconds);
    if (count.hits > limit) {
      throw tooManyRequests(`Rate limit of ${limit} requests per minute exceeded`, count.msLeft);
    }
  }
}
