import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../keys';
import { RATE_LIMIT_BUCKET, type RateLimitBucket } from '../entitlements';
import { RequestLimit } from './request-limit';

/**
 * Applies RequestLimit to each HTTP operation by its @RateLimited bucket. Written without
 * `@nestjs/throttler`: its guard keys buckets by handler name and reads five metadata entries per
 * request for decorators this app does not use; all it would add here is the header names.
 * Runs after the API-key guard; routes without a principal (public) and WebSocket handlers
 * (limited by connection slots instead) are not counted.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly limit: RequestLimit,
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
    await this.limit.count(principal, bucket, http.getResponse<FastifyReply>());
    return true;
  }
}
