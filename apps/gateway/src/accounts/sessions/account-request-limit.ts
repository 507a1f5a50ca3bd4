import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { FixedWindowCounter, RedisKeys } from '@pds/redis';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { tooManyRequests } from '../../errors/too-many-requests';
import { GatewayEnvironment } from '../../gateway.environment';

const WINDOW_MS = 60_000;
/**
 * The own budget of the account pages' background reads (`GET /api/v1/account` with
 * `X-Refresh: background`): three tabs reading every 5 s use 36 a minute.
 */
export const BACKGROUND_READS_PER_MINUTE = 120;
export const BACKGROUND_REFRESH_HEADER = 'x-refresh';
const BACKGROUND_ROUTE = '/api/v1/account';

/** A page's background read: the account itself (Redis only, no Stripe), marked as such. */
export function isBackgroundRead(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' &&
    request.routeOptions.url === BACKGROUND_ROUTE &&
    request.headers[BACKGROUND_REFRESH_HEADER] === 'background'
  );
}

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

  /**
   * Counts one request of the account; 429 with Retry-After past the limit. A page's background
   * read counts in a budget of its own (CONTRACT section 10: the pages never spend the limit on
   * their refreshes), so it never makes a person's next action a 429, nor an action it.
   */
  async count(accountId: string, background = false): Promise<void> {
    const key = background
      ? this.keys.accountBackgroundReads(accountId)
      : this.keys.accountRequests(accountId);
    const { hits, msLeft } = await fromStorage(this.counter.increment(key, WINDOW_MS));
    const limit = background ? BACKGROUND_READS_PER_MINUTE : this.env.ACCOUNT_REQUESTS_PER_MINUTE;
    if (hits <= limit) return;
    throw tooManyRequests(`Rate limit of ${limit} requests per minute for this account exceeded`, msLeft);
  }
}
