import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { ApiKeyPrincipal, AuthenticatedRequest } from './api-key-principal';

/** The principal ProtectedOperation authenticated; only on routes that are not public. */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ApiKeyPrincipal => {
    const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().apiKey;
    if (!principal) throw new Error('CurrentPrincipal used on a route without an API key');
    return principal;
  },
);
