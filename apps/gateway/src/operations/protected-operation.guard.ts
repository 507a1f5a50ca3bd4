import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RATE_LIMIT_BUCKET } from '../entitlements';
import { IS_PUBLIC } from '../public.decorator';
import { ProtectedOperation } from './protected-operation';

/**
 * Nest's adapter of ProtectedOperation: the one global guard of every HTTP route but the `@Public`
 * ones, which make their own checks. Written without `@nestjs/throttler`: its guard keys buckets
 * by handler name and reads five metadata entries per request for decorators this app does not
 * use. WebSocket handlers are limited by connection slots instead.
 */
@Injectable()
export class ProtectedOperationGuard implements CanActivate {
  constructor(
    private readonly operation: ProtectedOperation,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) {
      return true;
    }
    const bucket = this.reflector.get<string | undefined>(RATE_LIMIT_BUCKET, context.getHandler());
    if (bucket === undefined)
      throw new Error(`${context.getHandler().name} is protected but has no rate-limit bucket`);
    const http = context.switchToHttp();
    await this.operation.admit(http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), bucket);
    return true;
  }
}
