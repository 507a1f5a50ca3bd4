import { Inject, Injectable } from '@nestjs/common';
import { RedisKeys, type RedisClient } from '@pds/redis';
import { ApiException, FixedWindowCounter, fromStorage, sha256Hex, REDIS } from '../gateway-seams';
import { normalizeEmail } from '../store/account-record';

export const SIGN_IN_FAILURE_LIMIT = 10;
const WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed sign-ins per account: past 10 in 15 minutes the account answers 429 until the window ends,
 * even to the right password. Counted per email, known or not, so the lock tells nobody whether an
 * account exists.
 */
@Injectable()
export class SignInLock {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly counter: FixedWindowCounter,
  ) {}

  async assertOpen(email: string): Promise<void> {
    const key = this.keyOf(email);
    const [hits, msLeft] = await Promise.all([
      fromStorage(this.redis.get(key)),
      fromStorage(this.redis.pttl(key)),
    ]);
    if (Number(hits ?? 0) >= SIGN_IN_FAILURE_LIMIT && msLeft > 0) throw locked(msLeft);
  }

  async recordFailure(email: string): Promise<void> {
    await fromStorage(this.counter.increment(this.keyOf(email), WINDOW_MS));
  }

  async clear(email: string): Promise<void> {
    await fromStorage(this.redis.del(this.keyOf(email)));
  }

  private keyOf(email: string): string {
    return this.keys.signInFailures(sha256Hex(normalizeEmail(email)));
  }
}

function locked(msLeft: number): ApiException {
  const seconds = Math.max(1, Math.ceil(msLeft / 1000));
  return ApiException.tooManyRequests(
    `Too many failed sign-ins for this account. Retry after ${seconds} seconds.`,
    seconds,
  );
}
