import { Inject, Injectable } from '@nestjs/common';
import { RedisKeys, type RedisClient, RedisScripts, REDIS_COMMAND, type RunScript } from '@pds/redis';
import { ApiException } from '../../errors/api-exception';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { tooManyRequests } from '../../errors/too-many-requests';
import { sha256Hex } from '../store/secret-hash';
import { normalizeEmail } from '../store/account-record';
import { ADMIT_SIGN_IN, UNCOUNT_SIGN_IN } from './sign-in-lock.lua';

/** CONTRACT section 10: failures per account from strangers, and per address the owner used. */
export const SIGN_IN_FAILURE_LIMIT = 10;
export const KNOWN_ADDRESS_FAILURE_LIMIT = 50;
const WINDOW_MS = 15 * 60 * 1000;
/** How long a successful sign-in from an address keeps that address known. */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
/** The most recent addresses remembered per account; older ones fall out first. */
const KNOWN_ADDRESSES_KEPT = 20;

/** An attempt the lock let through, counted already: the counter it went to. */
export interface AdmittedAttempt {
  readonly counter: string;
}

/**
 * Failed sign-ins per account (CONTRACT section 10). Each attempt is counted before its password is
 * checked, in one Redis step with the decision, so concurrent guesses cannot pass the limit; one that
 * turns out right is taken back. An address that has not signed in to the account in the last 30
 * days gets 429 past 10 failures in 15 minutes (the right password included); an address the owner
 * signed in from has a limit of its own (50), so a stranger who knows the email cannot keep the
 * owner out, and a stranger behind the owner's address (a shared NAT) is still limited. Counted
 * per email, known or not, so the lock tells nobody whether an account exists; addresses are kept
 * only as their SHA-256.
 */
@Injectable()
export class SignInLock {
  private readonly admitSignIn: RunScript<number[]>;
  private readonly uncountSignIn: RunScript<number>;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    scripts: RedisScripts,
  ) {
    this.admitSignIn = scripts.bind(ADMIT_SIGN_IN);
    this.uncountSignIn = scripts.bind(UNCOUNT_SIGN_IN);
  }

  /** Counts the attempt; throws 429 when it is past its limit, so its password is not checked. */
  async admit(email: string, address: string, now = Date.now()): Promise<AdmittedAttempt> {
    const emailHash = this.emailHashOf(email);
    const addressHash = sha256Hex(address);
    const strangers = this.keys.signInFailures(emailHash);
    const knownAddress = this.keys.signInKnownFailures(emailHash, addressHash);
    const [allowed, msLeft, used] = await fromStorage(
      this.admitSignIn(
        [strangers, knownAddress, this.keys.signInAddresses(emailHash)],
        addressHash,
        now - KNOWN_ADDRESS_MS,
        WINDOW_MS,
        SIGN_IN_FAILURE_LIMIT,
        KNOWN_ADDRESS_FAILURE_LIMIT,
      ),
    );
    if (allowed !== 1) throw lockedOut(msLeft ?? WINDOW_MS);
    return { counter: used === 2 ? knownAddress : strangers };
  }

  /** The attempt's password was right: it is no failure. */
  async takeBack(attempt: AdmittedAttempt): Promise<void> {
    await fromStorage(this.uncountSignIn([attempt.counter]));
  }

  /** Remembers `address` as one the owner signed in from (a sign-in, or a confirmed email). */
  async remember(email: string, address: string, now = Date.now()): Promise<void> {
    const addresses = this.keys.signInAddresses(this.emailHashOf(email));
    await fromStorage(
      this.redis
        .multi()
        .zadd(addresses, now, sha256Hex(address))
        .zremrangebyscore(addresses, '-inf', now - KNOWN_ADDRESS_MS)
        .zremrangebyrank(addresses, 0, -KNOWN_ADDRESSES_KEPT - 1)
        .pexpire(addresses, KNOWN_ADDRESS_MS)
        .exec(),
    );
  }

  /** A password reset: the counts and the remembered addresses start afresh. */
  async clear(email: string): Promise<void> {
    const emailHash = this.emailHashOf(email);
    const addresses = this.keys.signInAddresses(emailHash);
    const known = await fromStorage(this.redis.zrange(addresses, '0', '-1'));
    const counters = known.map((address) => this.keys.signInKnownFailures(emailHash, address));
    await fromStorage(this.redis.del(this.keys.signInFailures(emailHash), addresses, ...counters));
  }

  private emailHashOf(email: string): string {
    return sha256Hex(normalizeEmail(email));
  }
}

function lockedOut(msLeft: number): ApiException {
  return tooManyRequests('Too many failed sign-ins for this account', msLeft);
}
