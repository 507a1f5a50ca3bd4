import type { ApiKeyRecord } from '../api-keys/api-key-record';

interface Entry {
  readonly record: ApiKeyRecord;
  readonly expiresAt: number;
}

/**
 * Recently seen key records by key hash, so an authenticated request costs no Redis round trip.
 * Entries expire after `ttlMs`; a revocation also evicts them at once (pub/sub), so a revoked key
 * is refused on every replica within moments and at most `ttlMs` even if a message is lost.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
  ) {}

  get(keyHash: string, now = Date.now()): ApiKeyRecord | undefined {
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.record;
    this.entries.delete(keyHash);
    return undefined;
  }

  set(keyHash: string, record: ApiKeyRecord, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(keyHash, { record, expiresAt: now + this.ttlMs });
  }

  evict(keyHash: string): void {
    this.entries.delete(keyHash);
  }

  clear(): void {
    this.entries.clear();
  }
}
