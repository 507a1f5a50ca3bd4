import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FixedWindowCounter, RedisKeys, secondsLeft } from '@pds/redis';
import type { FastifyReply } from 'fastify';
import { type AuthenticatedRequest, usageTally } from '../keys';
import { RATE_LIMIT_BUCKET, type RateLimitBucket } from '../entitlements';
import { ApiException } from '../errors/api-exception';
import { fromStorage } from '../errors/storage-unavailable.error';

const WINDOW_MS = 60_000;

/**
 * Per-key, per-operation REST limits (CONTRACT section 5): a fixed window per key and bucket in
 * Redis, one round trip per request, the same count on every replica. The same script call also
 * tallies the request (and a 429) in the key's hourly usage history (CONTRACT section 10). Written without
 * `@nestjs/throttler`: its guard keys buckets by handler name and reads five metadata entries per
 * request for decorators this app does not use; all it would add here is the header names.
 * Runs after the API-key guard; routes without a principal (public) and WebSocket handlers
 * (limited by connection slots instead) are not counted.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly counter: FixedWindowCounter,
    private readonly keys: RedisKeys,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const principal = http.getRequest<AuthenticatedRequest>().apiKey;
    if (principal === undefined) return true;
    const bucket = this.reflector.get<RateLimitBucket | undefined>(RATE_LIMIT_BUCKET, context.getHandler());
    if (bucket === undefined)
      throw new Error(`${context.getHandler().name} has a key but no rate-limit bucket`);
    const limit = principal.requestsPerMinute;
    const tally = usageTally(this.keys, principal.id, bucket, limit, Date.now());
    const count = await fromStorage(
      this.counter.increment(this.keys.rateLimit(principal.id, bucket), WINDOW_MS, tally),
    );
    const seconds = secondsLeft(count);
    // On every authenticated answer, the 429 included (CONTRACT section 5).
    const reply = http.getResponse<FastifyReply>();
    reply.header('X-RateLimit-Limit', limit);
    reply.header('X-RateLimit-Remaining', Math.max(0, limit - count.hits));
    reply.header('X-RateLimit-Reset', seconds);
    if (count.hits > limit) {
      reply.header('Retry-After', seconds);
      throw ApiException.tooManyRequests(
        `Rate limit of ${limit} requests per minute exceeded. Retry after ${seconds} seconds.`,
        seconds,
      );
    }
    return true;
  }
}
