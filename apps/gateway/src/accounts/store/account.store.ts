import { Inject, Injectable } from '@nestjs/common';
import { RedisKeys, type RedisClient, RedisScripts, type RunScript, REDIS_COMMAND } from '@pds/redis';
import { randomBytes } from 'node:crypto';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { FREE_PLAN_ID } from '../../entitlements';
import { COUNT_REGISTRATION_MAIL, CREATE_ACCOUNT, SET_PASSWORD_FROM_MAIL } from './account.lua';
import { type AccountRecord, accountFromHash, accountToHash, normalizeEmail } from './account-record';
import { newRegistrationId, PENDING_REGISTRATION_MS } from './pending-registrations';

/** CONTRACT section 10: at most one resent verification mail a minute per account. */
const VERIFICATION_RESEND_INTERVAL_MS = 60_000;
/** CONTRACT section 10: at most 5 registration mails an hour to one address, whoever asks. */
export const REGISTRATION_MAILS_PER_WINDOW = 5;
const REGISTRATION_MAIL_WINDOW_MS = 3_600_000;

export interface NewAccount {
  readonly email: string;
  readonly passwordHash: string;
}

/** Accounts in Redis: a hash per account and an index from lower-cased email to account id. */
@Injectable()
export class AccountStore {
  private readonly createAccount: RunScript<number>;
  private readonly setPasswordFromMail: RunScript<number>;
  private readonly countRegistrationMail: RunScript<number>;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    scripts: RedisScripts,
  ) {
    this.createAccount = scripts.bind(CREATE_ACCOUNT);
    this.setPasswordFromMail = scripts.bind(SET_PASSWORD_FROM_MAIL);
    this.countRegistrationMail = scripts.bind(COUNT_REGISTRATION_MAIL);
  }

  /**
   * The new account with its first pending registration (the password it was created with counts
   * only once a link is opened with it), or undefined when the email is already registered.
   */
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
        [
          this.keys.accountEmailIndex(),
          this.keys.account(record.id),
          this.keys.pendingRegistrations(record.id),
        ],
        normalizeEmail(record.email),
        record.id,
        newRegistrationId(),
        record.passwordHash,
        PENDING_REGISTRATION_MS,
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

  /** True at most once a minute per account: whether a verification mail may be resent now. */
  /** Counts a registration mail to the account's email; false past 5 in the hour (not to be sent). */
  async claimRegistrationMail(id: string): Promise<boolean> {
    const count = await fromStorage(
      this.countRegistrationMail([this.keys.registrationMails(id)], REGISTRATION_MAIL_WINDOW_MS),
    );
    return count <= REGISTRATION_MAILS_PER_WINDOW;
  }

  async claimVerificationResend(id: string): Promise<boolean> {
    const key = this.keys.verificationResent(id);
    return (
      (await fromStorage(this.redis.set(key, '1', 'PX', VERIFICATION_RESEND_INTERVAL_MS, 'NX'))) === 'OK'
    );
  }

  /**
   * A new password from a mailed reset link: the mail proves the address, so the email is verified
   * too (the first verification time stays) and its pending registrations are forgotten.
   */
  async setPasswordFromMailedLink(id: string, passwordHash: string): Promise<void> {
    const keys = [this.keys.account(id), this.keys.pendingRegistrations(id)];
    await fromStorage(this.setPasswordFromMail(keys, passwordHash, new Date().toISOString()));
  }
}
