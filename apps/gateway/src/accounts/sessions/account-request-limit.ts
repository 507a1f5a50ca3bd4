import { Injectable } from '@nestjs/common';
import { FixedWindowCounter, RedisKeys } from '@pds/redis';
import { ApiException } from '../../errors/api-exception';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { GatewayEnvironment } from '../../gateway.environment';

const WINDOW_MS = 60_000;

/**
 * At most ACCOUNT_REQUESTS_PER_MINUTE (CONTRACT section 10: 60) session-authenticated requests a
 * minute per account (account, key, usage and billing operations: every AccountOnly route), across
 * every replica through the shared fixed-window counter, so a signed-in client cannot make the
 * service call Stripe or read usage without end.
 */
@Injectable()
export class AccountRequestLimit {
  constructor(
    private readonly counter: FixedWindowCounter,
    private readonly keys: RedisKeys,
    private readonly env: GatewayEnvironment,
  ) {}

  /** Counts one request of the account; 429 with Retry-After past the limit. */
  async count(accountId: string): Promise<void> {
    const key = this.keys.accountRequests(accountId);
    const { hits, msLeft } = await fromStorage(this.counter.increment(key, WINDOW_MS));
    const limit = this.env.ACCOUNT_REQUESTS_PER_MINUTE;
    if (hits <= limit) return;
    const seconds = Math.min(60, Math.max(1, Math.ceil(msLeft / 1000)));
    throw ApiException.tooManyRequests(
      `Rate limit of ${limit} requests per minute for this account exceeded. Retry after ${seconds} seconds.`,
      seconds,
    );
  }
}
