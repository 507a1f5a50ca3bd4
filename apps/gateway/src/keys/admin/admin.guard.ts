import { type CanActivate, type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AuthFailureLimiter } from '../authentication/auth-failure-limiter';
import { ApiException } from '../../errors/api-exception';
import { ErrorCode } from '../../errors/error-code';
import { GatewayEnvironment } from '../../gateway.environment';
import { AdminTokenCheck, readAdminCredentials } from './admin-token';

/**
 * Admin operations need `Authorization: Bearer <ADMIN_TOKEN>`: none sent is 401, a wrong one 403
 * (and counts toward the per-address brute-force guard, like a wrong API key), none configured 403.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  private readonly check: AdminTokenCheck | undefined;

  constructor(
    private readonly env: GatewayEnvironment,
    private readonly failures: AuthFailureLimiter,
  ) {
    this.check = env.ADMIN_TOKEN ? new AdminTokenCheck(env.ADMIN_TOKEN) : undefined;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return false;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const credentials = readAdminCredentials(this.env.ADMIN_TOKEN, request.headers.authorization);
    switch (credentials.kind) {
      case 'disabled':
        throw ApiException.forbidden('Admin operations are disabled: ADMIN_TOKEN is not set');
      case 'missing':
        throw missingAdminToken();
      case 'present': {
        this.failures.assertNotBlocked(request.ip);
        if (this.check?.matches(credentials.token)) return true;
        throw (
          (await this.failures.recordFailure(request.ip)) ?? ApiException.forbidden('Invalid admin token')
        );
      }
    }
  }
}

function missingAdminToken(): ApiException {
  return new ApiException(
    HttpStatus.UNAUTHORIZED,
    {
      code: ErrorCode.Unauthorized,
      message: 'Missing admin token: send it as Authorization: Bearer <ADMIN_TOKEN>',
    },
    { 'WWW-Authenticate': 'Bearer realm="admin"' },
  );
}
