import { Inject, Injectable } from '@nestjs/common';
import { RedisKeys, type RedisClient } from '@pds/redis';
import { randomBytes } from 'node:crypto';
import { fromStorage, REDIS, sha256Hex } from '../gateway-seams';
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

/**
 * Single-use tokens sent by mail: stored only as their SHA-256, expiring in Redis, and spent by the
 * first use (GETDEL), so two replicas cannot both accept one. Each is tied to the account's password
 * at issue: a later password change (a reset, or a new sign-up of a still unverified email) voids
 * the tokens issued before it.
 */
@Injectable()
export class OneTimeTokens {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly accounts: AccountStore,
  ) {}

  async issue(purpose: TokenPurpose, account: AccountRecord): Promise<string> {
    const token = generateSecretToken();
    const key = this.keys.accountToken(purpose.name, sha256Hex(token));
    const value = `${account.id}:${passwordFingerprint(account.passwordHash)}`;
    await fromStorage(this.redis.set(key, value, 'PX', purpose.ttlMs));
    return token;
  }

  /** Spends the token; the account it is for, or undefined if it is unknown, spent, expired or void. */
  async redeem(purpose: TokenPurpose, token: string): Promise<AccountRecord | undefined> {
    const key = this.keys.accountToken(purpose.name, sha256Hex(token));
    const [accountId, fingerprint] = ((await fromStorage(this.redis.getdel(key))) ?? '').split(':');
    const account = accountId ? await this.accounts.findById(accountId) : undefined;
    if (!account || fingerprint !== passwordFingerprint(account.passwordHash)) return undefined;
    return account;
  }
}
