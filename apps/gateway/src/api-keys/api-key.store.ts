import { RedisKeys } from '@pds/redis';
import type { Redis } from 'ioredis';
import { fromStorage } from '../storage/storage-unavailable.error';
import { type ApiKeyRecord, recordFromHash, recordToHash } from './api-key-record';
import { generateApiKey, generateKeyId, hashApiKey } from './api-key-secret';

export interface CreatedApiKey {
  /** Shown once, to whoever created it; only its hash is stored. */
  readonly key: string;
  readonly record: ApiKeyRecord;
}

export interface NewApiKey {
  readonly name: string;
  readonly requestsPerMinute?: number;
  readonly wsConnections?: number;
}

/** API keys in Redis: a hash per key hash, and an index from id to key hash. */
export class ApiKeyStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  async create(request: NewApiKey, key = generateApiKey()): Promise<CreatedApiKey> {
    const record: ApiKeyRecord = { ...request, id: generateKeyId(), createdAt: new Date().toISOString() };
    const keyHash = hashApiKey(key);
    // One transaction: a key is either fully there (record and index) or not at all.
    await fromStorage(
      this.redis
        .multi()
        .hset(this.keys.apiKey(keyHash), recordToHash(record))
        .hset(this.keys.apiKeyIndex(), record.id, keyHash)
        .exec(),
    );
    return { key, record };
  }

  async findByKey(key: string): Promise<ApiKeyRecord | undefined> {
    return this.findByHash(hashApiKey(key));
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    return recordFromHash(await fromStorage(this.redis.hgetall(this.keys.apiKey(keyHash))));
  }

  async list(): Promise<ApiKeyRecord[]> {
    const index = await fromStorage(this.redis.hgetall(this.keys.apiKeyIndex()));
    const records = await Promise.all(Object.values(index).map((keyHash) => this.findByHash(keyHash)));
    return records
      .filter((record): record is ApiKeyRecord => record !== undefined)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Marks the key revoked and tells every replica; false when no key has that id. */
  async revoke(id: string): Promise<boolean> {
    const keyHash = await fromStorage(this.redis.hget(this.keys.apiKeyIndex(), id));
    if (!keyHash) return false;
    await fromStorage(
      this.redis
        .multi()
        .hset(this.keys.apiKey(keyHash), 'revokedAt', new Date().toISOString())
        .publish(this.keys.apiKeyChangesChannel(), keyHash)
        .exec(),
    );
    return true;
  }
}
