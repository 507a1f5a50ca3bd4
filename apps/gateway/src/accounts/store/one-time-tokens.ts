import { Inject, Injectable } from '@nestjs/common';
import { RedisKeys, type RedisClient, REDIS_COMMAND } from '@pds/redis';
import { randomBytes } from 'node:crypto';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { sha256Hex } from './secret-hash';
import type { AccountRecord } from './account-record';
import { AccountStore } from './account.store';

/** What a mailed token proves, and how long it lasts (CONTRACT section 10). */
export const TokenPurpose = {
  VerifyEmail: { name: 'verify', ttlMs: 24 * 60 * 60 * 1000 },
  ResetPassword: { name: 'reset', ttlMs: 60 * 60 * 1000 },
} as const;

export type TokenPurpose = (typeof TokenPurpose)[keyof typeof TokenPurpose];

/** A new secret token: 256 random bits, URL-safe. */
export function generateSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Ties a token to the password it was issued under: any password change voids it. */
function passwordFingerprint(passwordHash: string): string {
  return sha256Hex(passwordHash).slice(0, 32);
}

/** What a verification link stands for: the account and the password of its registration. */
export interface PendingVerification {
  readonly accountId: string;
  readonly passwordHash: string;
}

/**
 * Single-use tokens sent by mail: stored only as their SHA-256, expiring in Redis, and spent by the
 * first use (GETDEL), so two replicas cannot both accept one. A reset token is tied to the account's
 * password at issue, so a later password change voids it. A verification token carries the password
 * hash of the registration it was mailed for: each sign-up of a still unverified email gets its own
 * link, none spends another, and the one opened sets the password (CONTRACT section 10).
 */
@Injectable()
export class OneTimeTokens {
  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly accounts: AccountStore,
  ) {}

  async issue(purpose: typeof TokenPurpose.ResetPassword, account: AccountRecord): Promise<string> {
    const token = generateSecretToken();
    const key = this.keys.accountToken(purpose.name, sha256Hex(token));
    const value = `${account.id}:${passwordFingerprint(account.passwordHash)}`;
    await fromStorage(this.redis.set(key, value, 'PX', purpose.ttlMs));
    return token;
  }

  async issueVerification(pending: PendingVerification): Promise<string> {
    const token = generateSecretToken();
    const key = this.keys.accountToken(TokenPurpose.VerifyEmail.name, sha256Hex(token));
    const value = `${pending.accountId}:${pending.passwordHash}`;
    await fromStorage(this.redis.set(key, value, 'PX', TokenPurpose.VerifyEmail.ttlMs));
    return token;
  }

  /** Spends a verification token; what it stands for, or undefined if it is unknown, spent or expired. */
  async redeemVerification(token: string): Promise<PendingVerification | undefined> {
    const key = this.keys.accountToken(TokenPurpose.VerifyEmail.name, sha256Hex(token));
    const value = (await fromStorage(this.redis.getdel(key))) ?? '';
    const separator = value.indexOf(':');
    if (separator <= 0 || separator === value.length - 1) return undefined;
    return { accountId: value.slice(0, separator), passwordHash: value.slice(separator + 1) };
  }

  /** Spends the token; the account it is for, or undefined if it is unknown, spent, expired or void. */
  async redeem(
    purpose: typeof TokenPurpose.ResetPassword,
    token: string,
  ): Promise<AccountRecord | undefined> {
    const key = this.keys.accountToken(purpose.name, sha256Hex(token));
    const [accountId, fingerprint] = ((await fromStorage(this.redis.getdel(key))) ?? '').split(':');
    const account = accountId ? await this.accounts.findById(accountId) : undefined;
    if (!account || fingerprint !== passwordFingerprint(account.passwordHash)) return undefined;
    return account;
  }
}
