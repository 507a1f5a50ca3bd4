import { Inject, Injectable } from '@nestjs/common';
import { RedisKeys, type RedisClient, RedisScripts, type RunScript } from '@pds/redis';
import { randomBytes } from 'node:crypto';
import { fromStorage, REDIS } from '../gateway-seams';
import { FREE_PLAN_ID } from '../../plans/plan';
import { CREATE_ACCOUNT, REPLACE_UNVERIFIED_PASSWORD } from './account.lua';
import { type AccountRecord, accountFromHash, accountToHash, normalizeEmail } from './account-record';

export interface NewAccount {
  readonly email: string;
  readonly passwordHash: string;
}

/** Accounts in Redis: a hash per account and an index from lower-cased email to account id. */
@Injectable()
export class AccountStore {
  private readonly createAccount: RunScript<number>;
  private readonly replaceUnverifiedPassword: RunScript<number>;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    scripts: RedisScripts,
  ) {
    this.createAccount = scripts.bind(CREATE_ACCOUNT);
    this.replaceUnverifiedPassword = scripts.bind(REPLACE_UNVERIFIED_PASSWORD);
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
   * A new sign-up of a still unverified email takes over its password, so whoever registered it
   * first cannot have the owner verify an account with a password they chose. False once verified.
   */
  async replaceUnverifiedPasswordHash(id: string, passwordHash: string): Promise<boolean> {
    return (await fromStorage(this.replaceUnverifiedPassword([this.keys.account(id)], passwordHash))) === 1;
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await fromStorage(this.redis.hset(this.keys.account(id), 'passwordHash', passwordHash));
  }
}
