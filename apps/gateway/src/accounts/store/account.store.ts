import { Inject, Injectable } from '@nestjs/common';
import { RedisKeys, type RedisClient, RedisScripts, type RunScript, REDIS_COMMAND } from '@pds/redis';
import { randomBytes } from 'node:crypto';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { FREE_PLAN_ID } from '../../entitlements';
import { CREATE_ACCOUNT, VERIFY_WITH_PASSWORD } from './account.lua';
import { type AccountRecord, accountFromHash, accountToHash, normalizeEmail } from './account-record';

/** CONTRACT section 10: at most one resent verification mail a minute per account. */
const VERIFICATION_RESEND_INTERVAL_MS = 60_000;

export interface NewAccount {
  readonly email: string;
  readonly passwordHash: string;
}

/** Accounts in Redis: a hash per account and an index from lower-cased email to account id. */
@Injectable()
export class AccountStore {
  private readonly createAccount: RunScript<number>;
  private readonly verifyWithPassword: RunScript<number>;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    scripts: RedisScripts,
  ) {
    this.createAccount = scripts.bind(CREATE_ACCOUNT);
    this.verifyWithPassword = scripts.bind(VERIFY_WITH_PASSWORD);
  }

  /** The new account, or undefined when the email is already registered. */
  async create(request: NewAccount): Promise<AccountRecord | undefined> {
    const record: AccountRecord = {
      id: randomBytes(12).toString('hex'),
      email: request.email.trim(),
      passwordHash: request.passwordHash,
      plan: FREE_PLAN_ID,
      createdAt: new Date().toISOString(),
    };
    const fields = Object.entries(accountToHash(record)).flat();
    const created = await fromStorage(
      this.createAccount(
        [this.keys.accountEmailIndex(), this.keys.account(record.id)],
        normalizeEmail(record.email),
        record.id,
        ...fields,
      ),
    );
    return created === 1 ? record : undefined;
  }

  async findById(id: string): Promise<AccountRecord | undefined> {
    return accountFromHash(await fromStorage(this.redis.hgetall(this.keys.account(id))));
  }

  async findByEmail(email: string): Promise<AccountRecord | undefined> {
    const id = await fromStorage(this.redis.hget(this.keys.accountEmailIndex(), normalizeEmail(email)));
    return id ? this.findById(id) : undefined;
  }

  /** Marks the email verified; the first verification time stays. */
  async markVerified(id: string): Promise<void> {
    await fromStorage(this.redis.hsetnx(this.keys.account(id), 'verifiedAt', new Date().toISOString()));
  }

  /**
   * Verifies a still unverified account, giving it the password of the registration whose link was
   * opened. False when the account is gone or already verified, so a second registration's link
   * cannot change the password once one link was opened.
   */
  async verify(id: string, passwordHash: string): Promise<boolean> {
    const done = this.verifyWithPassword([this.keys.account(id)], passwordHash, new Date().toISOString());
    return (await fromStorage(done)) === 1;
  }

  /** True at most once a minute per account: whether a verification mail may be resent now. */
  async claimVerificationResend(id: string): Promise<boolean> {
    const key = this.keys.verificationResent(id);
    return (
      (await fromStorage(this.redis.set(key, '1', 'PX', VERIFICATION_RESEND_INTERVAL_MS, 'NX'))) === 'OK'
    );
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await fromStorage(this.redis.hset(this.keys.account(id), 'passwordHash', passwordHash));
  }
}
