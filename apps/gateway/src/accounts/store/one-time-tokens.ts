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

/**
 * How long a verification link is remembered: valid for 24 h, and after that still known, so an old
 * link of an email confirmed since answers "already confirmed" rather than "invalid".
 */
const VERIFICATION_LINK_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/** What a verification link stands for: the account, and when it was mailed. */
export interface VerificationLink {
  readonly accountId: string;
  readonly issuedAt: number;
}

/** Whether a verification link still confirms an email (24 h from its mail). */
export function isFreshLink(link: VerificationLink, now = Date.now()): boolean {
  return now - link.issuedAt <= TokenPurpose.VerifyEmail.ttlMs;
}

/**
 * Tokens sent by mail, stored only as their SHA-256 and expiring in Redis. A reset token is spent
 * by its first use (GETDEL, so two replicas cannot both accept it) and tied to the account's password
 * at issue, so a later password change voids it. A verification token stands for its account only
 * (no password: the one who opens it gives the password of their own sign-up), is not spent by a
 * wrong password, and stays known after the email is confirmed (CONTRACT section 10).
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

  async issueVerification(accountId: string, now = Date.now()): Promise<string> {
    const token = generateSecretToken();
    const key = this.keys.accountToken(TokenPurpose.VerifyEmail.name, sha256Hex(token));
    await fromStorage(this.redis.set(key, `${accountId}:${now}`, 'PX', VERIFICATION_LINK_MEMORY_MS));
    return token;
  }

  /** What a verification token stands for, or undefined if it is unknown or long gone. */
  async readVerification(token: string): Promise<VerificationLink | undefined> {
    const key = this.keys.accountToken(TokenPurpose.VerifyEmail.name, sha256Hex(token));
    const [accountId, issuedAt] = ((await fromStorage(this.redis.get(key))) ?? '').split(':');
    // A link mailed before links carried their time holds a password hash there: valid for its day.
    const mailedAt = Number.isSafeInteger(Number(issuedAt)) ? Number(issuedAt) : Date.now();
    return accountId ? { accountId, issuedAt: mailedAt } : undefined;
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
