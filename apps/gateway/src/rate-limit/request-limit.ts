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

  /**
   * Counts one request of `principal` in `bucket`; sets X-RateLimit-*; throws (or rejects) 429 past
   * the limit. No promise when this replica's allotment of the window counts it (no Redis trip).
   */
  count(principal: ApiKeyPrincipal, bucket: string, reply: FastifyReply): Promise<void> | undefined {
    const limit = principal.requestsPerMinute;
    const { windowKey, tally } = this.targets.of(principal, principal.id, bucket, limit, Date.now());
    const allotted = this.counter.meterAllotted(windowKey, limit, tally);
    if (allotted) {
      answer(allotted, limit, reply);
      return undefined;
    }
    return this.counter.meterByRedis(windowKey, WINDOW_MS, limit, tally).then(
      (count) => {
        answer(count, limit, reply);
      },
      (error: unknown) => {
        throw asStorageError(error);
      },
    );
  }
}

/** The X-RateLimit-* headers of `count`, on every authenticated answer, the 429 included (CONTRACT section 5). */
function answer(count: WindowCount, limit: number, reply: FastifyReply): void {
  const seconds = retryAfterSeconds(count.msLeft);
  reply.header('X-RateLimit-Limit', limit);
  reply.header('X-RateLimit-Remaining', Math.max(0, limit - count.hits));
  reply.header('X-RateLimit-Reset', seconds);
  if (count.hits > limit) {
    throw tooManyRequests(`Rate limit of ${limit} requests per minute exceeded`, count.msLeft);
  }
}
