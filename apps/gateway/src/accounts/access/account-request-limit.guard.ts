import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { RedisKeys } from '@pds/redis';
import { ApiException, FixedWindowCounter, fromStorage, GatewayEnvironment } from '../gateway-seams';
import type { SignedInRequest } from './access-token.guard';

const WINDOW_MS = 60_000;

/**
 * At most ACCOUNT_REQUESTS_PER_MINUTE (CONTRACT section 10: 60) session-authenticated requests a minute per account, across every replica (the shared
 * fixed-window counter), so a signed-in client cannot make the service call Stripe or read usage
 * without end. Runs after AccessTokenGuard, which names the account.
 */
@Injectable()
export class AccountRequestLimitGuard implements CanActivate {
  constructor(
    private readonly counter: FixedWindowCounter,
    private readonly keys: RedisKeys,
    private readonly env: GatewayEnvironment,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const session = context.switchToHttp().getRequest<SignedInRequest>().signedIn;
    if (!session) return false;
    const key = this.keys.accountRequests(session.accountId);
    const { hits, msLeft } = await fromStorage(this.counter.increment(key, WINDOW_MS));
    const limit = this.env.ACCOUNT_REQUESTS_PER_MINUTE;
    if (hits <= limit) return true;
    const seconds = Math.min(60, Math.max(1, Math.ceil(msLeft / 1000)));
    throw ApiException.tooManyRequests(
      `Rate limit of ${limit} requests per minute for this account exceeded. Retry after ${seconds} seconds.`,
      seconds,
    );
  }
}
