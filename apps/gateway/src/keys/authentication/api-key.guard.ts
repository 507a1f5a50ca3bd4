import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { extractCredentials } from './api-key-credentials';
import type { ApiKeyPrincipal, AuthenticatedRequest } from './api-key-principal';
import { Authenticator } from './authenticator';
import { IS_PUBLIC } from '../../public.decorator';

/** First check of every HTTP operation: a valid API key (401), before rate limit and validation. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) {
      return true;
    }
    const request = context.switchToHttp().getRequest<FastifyRequest & AuthenticatedRequest>();
    // Kept on the request for the operation (CurrentPrincipal).
    request.apiKey = await principalOfRequest(this.authenticator, request);
    return true;
  }
}

/**
 * The principal of the request's API key, from its headers or query, authenticated (401, 429): at
 * once when the key is cached, as Authenticator.authenticate.
 */
export function principalOfRequest(
  authenticator: Authenticator,
  request: FastifyRequest,
): ApiKeyPrincipal | Promise<ApiKeyPrincipal> {
  const query = request.query as Record<string, unknown>;
  const credentials = extractCredentials({ headers: request.headers, apiKeyQuery: query.apiKey });
  return authenticator.authenticate(credentials, request);
}
