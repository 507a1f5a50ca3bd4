import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import { RedisKeys } from '@pds/redis';
import type { AuthenticatedRequest } from '../auth/api-key-principal';
import { ApiException } from '../errors/api-exception';

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
