import { Injectable } from '@nestjs/common';
import { FixedWindowCounter, RedisKeys } from '@pds/redis';
import { ApiException } from '../../errors/api-exception';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { tooManyRequests } from '../../errors/too-many-requests';
import { GatewayEnvironment } from '../../gateway.environment';

const WINDOW_MS = 60_000;

/**
 * Who presents the credentials: its address is read only when needed (some address is blocked, or
 * the key fails), since behind a trusted proxy Fastify's `request.ip` walks X-Forwarded-For on
 * every read. A Fastify request is one.
 */
export interface AuthenticatingClient {
  readonly ip: string;
}

/**
 * Brute-force guard: failed authentications are counted per client address in Redis (shared by
 * every replica). Past the limit the address gets 429 for the rest of the window, and its keys are
 * not even looked at, so guessing cannot go on.
 */
@Injectable()
export class AuthFailureLimiter {
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    private readonly counter: FixedWindowCounter,
    private readonly keys: RedisKeys,
    private readonly env: GatewayEnvironment,
  ) {}

  /** Throws 429 when this replica knows the address to be blocked. */
  assertNotBlocked(address: string): void {
    // The common case, with no clock read: nobody is blocked.
    if (this.blockedUntil.size === 0) return;
    const until = this.blockedUntil.get(address);
    if (until === undefined) return;
    const now = Date.now();
    if (until <= now) {
      this.blockedUntil.delete(address);
      return;
    }
    throw blocked(until - now);
  }

  /** As assertNotBlocked, reading the client's address only when some address is blocked. */
  assertClientNotBlocked(client: AuthenticatingClient): void {
    if (this.blockedUntil.size > 0) this.assertNotBlocked(client.ip);
  }

  /** Counts one failure; returns the 429 to answer once the address is past the limit. */
  async recordFailure(address: string): Promise<ApiException | undefined> {
    const count = await fromStorage(this.counter.increment(this.keys.authFailures(address), WINDOW_MS));
    if (count.hits <= this.env.AUTH_FAILURES_PER_MINUTE) return undefined;
    this.blockedUntil.set(address, Date.now() + count.msLeft);
    return blocked(count.msLeft);
  }
}

function blocked(msLeft: number): ApiException {
  return tooManyRequests('Too many failed authentications from this address', msLeft);
}
