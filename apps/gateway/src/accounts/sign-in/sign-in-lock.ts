import { Inject, Injectable } from '@nestjs/common';
import { RedisKeys, type RedisClient, FixedWindowCounter, REDIS_COMMAND } from '@pds/redis';
import { ApiException } from '../../errors/api-exception';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { sha256Hex } from '../store/secret-hash';
import { normalizeEmail } from '../store/account-record';

export const SIGN_IN_FAILURE_LIMIT = 10;
const WINDOW_MS = 15 * 60 * 1000;
/** How long a successful sign-in from an address keeps that address spared by the lock. */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
/** The most recent addresses remembered per account; older ones fall out first. */
const KNOWN_ADDRESSES_KEPT = 20;

/** Whether the account was past its failure limit when the sign-in began. */
export interface LockState {
  readonly locked: boolean;
}

/**
 * Failed sign-ins per account (CONTRACT section 10): past 10 in 15 minutes, an address that has not
 * signed in to the account in the last 30 days gets 429 until the window ends, the right password
 * included, while the addresses the owner signed in from still get in, so a stranger who knows the
 * email cannot keep the owner out. Counted per email, known or not, so the lock tells nobody
 * whether an account exists; addresses are kept only as their SHA-256.
 */
@Injectable()
export class SignInLock {
  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly counter: FixedWindowCounter,
  ) {}

  /** Throws 429 when the account is locked and `address` is not one the owner signed in from. */
  async assertOpenTo(email: string, address: string, now = Date.now()): Promise<LockState> {
    const emailHash = this.emailHashOf(email);
    const failures = this.keys.signInFailures(emailHash);
    const [hits, msLeft, lastSuccess] = await Promise.all([
      fromStorage(this.redis.get(failures)),
      fromStorage(this.redis.pttl(failures)),
      fromStorage(this.redis.zscore(this.keys.signInAddresses(emailHash), sha256Hex(address))),
    ]);
    const locked = Number(hits ?? 0) >= SIGN_IN_FAILURE_LIMIT && msLeft > 0;
    const known = lastSuccess !== null && Number(lastSuccess) > now - KNOWN_ADDRESS_MS;
    if (locked && !known) throw lockedOut(msLeft);
    return { locked };
  }

  async recordFailure(email: string): Promise<void> {
    await fromStorage(this.counter.increment(this.keys.signInFailures(this.emailHashOf(email)), WINDOW_MS));
  }

  /**
   * Remembers the address for 30 days. The count starts again only when the account was not
   * locked: the owner getting in during an attack must not hand the stranger ten more guesses.
   */
  async recordSuccess(email: string, address: string, state: LockState, now = Date.now()): Promise<void> {
    const emailHash = this.emailHashOf(email);
    const addresses = this.keys.signInAddresses(emailHash);
    const steps = this.redis
      .multi()
      .zadd(addresses, now, sha256Hex(address))
      .zremrangebyscore(addresses, '-inf', now - KNOWN_ADDRESS_MS)
      .zremrangebyrank(addresses, 0, -KNOWN_ADDRESSES_KEPT - 1)
      .pexpire(addresses, KNOWN_ADDRESS_MS);
    if (!state.locked) steps.del(this.keys.signInFailures(emailHash));
    await fromStorage(steps.exec());
  }

  /** A password reset: the count and the remembered addresses start afresh. */
  async clear(email: string): Promise<void> {
    const emailHash = this.emailHashOf(email);
    await fromStorage(
      this.redis.del(this.keys.signInFailures(emailHash), this.keys.signInAddresses(emailHash)),
    );
  }

  private emailHashOf(email: string): string {
    return sha256Hex(normalizeEmail(email));
  }
}

function lockedOut(msLeft: number): ApiException {
  const seconds = Math.max(1, Math.ceil(msLeft / 1000));
  return ApiException.tooManyRequests(
    `Too many failed sign-ins for this account. Retry after ${seconds} seconds.`,
    seconds,
  );
}
