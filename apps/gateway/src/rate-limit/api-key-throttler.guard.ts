import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  type Resolvable,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import { RedisKeys } from '@pds/redis';
import type { AuthenticatedRequest } from '../auth/api-key-principal';
import { ApiException } from '../errors/api-exception';

async function resolved(value: Resolvable<number>, context: ExecutionContext): Promise<number> {
  return typeof value === 'function' ? value(context) : value;
}

/**
 * Per-key, per-operation REST limits (CONTRACT section 5). Runs after the API-key guard, so the
 * principal is known; routes without one (public) and non-HTTP contexts are not limited here.
 */
@Injectable()
export class ApiKeyThrottlerGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly keys: RedisKeys,
  ) {
    super(options, storage, reflector);
  }

  /**
   * The base guard reads five route metadata entries per throttler and request, for decorators
   * (@Throttle, @SkipThrottle) this app does not use: the one throttler's options are used as they
   * are, and the request goes straight to the base class's counting, headers and 429.
   */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (await this.shouldSkip(context)) return true;
    const [throttler] = this.throttlers;
    const { getTracker, generateKey } = this.commonOptions;
    if (!throttler || !getTracker || !generateKey) return super.canActivate(context);
    const ttl = await resolved(throttler.ttl, context);
    return this.handleRequest({
      context,
      limit: await resolved(throttler.limit, context),
      ttl,
      throttler,
      blockDuration:
        throttler.blockDuration === undefined ? ttl : await resolved(throttler.blockDuration, context),
      getTracker,
      generateKey,
    });
  }

  protected override shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return Promise.resolve(true);
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    return Promise.resolve(request.apiKey === undefined);
  }

  protected override getTracker(request: AuthenticatedRequest): Promise<string> {
    return Promise.resolve(request.apiKey?.id ?? 'anonymous');
  }

  protected override generateKey(context: ExecutionContext, tracker: string): string {
    return this.keys.rateLimit(tracker, context.getHandler().name);
  }

  protected override throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const seconds = detail.timeToBlockExpire;
    throw ApiException.tooManyRequests(
      `Rate limit of ${detail.limit} requests per minute exceeded. Retry after ${seconds} seconds.`,
      seconds,
    );
  }
}
