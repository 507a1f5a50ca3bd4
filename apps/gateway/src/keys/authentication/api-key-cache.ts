import { nextExpiry } from '../../entitlements';
import type { ApiKeyAccount } from './api-key-principal';

interface Entry {
  readonly account: ApiKeyAccount;
  readonly expiresAt: number;
}

/**
 * Recently seen keys by key hash, so an authenticated request costs no Redis round trip. Entries
 * expire after `ttlMs`, or sooner when a boost of the key ends sooner; a change to the key (revoke,
 * boost granted or ended) evicts them at once through pub/sub, so every replica applies it within
 * moments and within `ttlMs` even if a message is lost.
 *
 * `generation` changes on every eviction: a lookup that started before one does not cache what it
 * read, since that may predate the change.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  private evictions = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
  ) {}

  get generation(): number {
    return this.evictions;
  }

  get(keyHash: string, now = Date.now()): ApiKeyAccount | undefined {
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.account;
    this.entries.delete(keyHash);
    return undefined;
  }

  /** Keeps the account unless something was evicted since `generation` was read. */
  set(keyHash: string, account: ApiKeyAccount, generation: number, now = Date.now()): void {
    if (generation !== this.evictions) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const boostEnds = nextExpiry(account.boosts, now) ?? Infinity;
    this.entries.set(keyHash, { account, expiresAt: Math.min(now + this.ttlMs, boostEnds) });
  }

  evict(keyHash: string): void {
    this.evictions += 1;
    this.entries.delete(keyHash);
  }

  clear(): void {
    this.evictions += 1;
    this.entries.clear();
  }
}
