import { Inject, Injectable, Optional } from '@nestjs/common';
import { REDIS_COMMAND, type RedisClient, RedisKeys } from '@pds/redis';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { ChangeSubscriber } from '../../changes/change-subscriber';
import { type ApiKeyRecord, recordFromHash, recordToHash } from './api-key-record';
import { generateApiKey, generateKeyId, hashApiKey, keyPrefixOf } from './api-key-secret';

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

/**
 * API keys in Redis: a hash per key hash, an index from id to key hash, and when each key was last
 * used. The one place that reads and writes them, for the gateway, the admin API and the CLI.
 */
@Injectable()
export class ApiKeyStore {
  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    /** The gateway's subscriber, so a revocation holds on this replica before `revoke` returns; tools have none. */
    @Optional() private readonly changes?: ChangeSubscriber,
  ) {}

  async create(request: NewApiKey, key = generateApiKey()): Promise<CreatedApiKey> {
    const record: ApiKeyRecord = {
      id: generateKeyId(),
      name: request.name,
      prefix: keyPrefixOf(key),
      createdAt: new Date().toISOString(),
      ...(request.requestsPerMinute === undefined ? {} : { requestsPerMinute: request.requestsPerMinute }),
      ...(request.wsConnections === undefined ? {} : { wsConnections: request.wsConnections }),
    };
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

  /** The record alone (no last use): what authentication needs. */
  async findByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    return recordFromHash(await fromStorage(this.redis.hgetall(this.keys.apiKey(keyHash))));
  }

  /** The key hash of an id; it never changes, so a caller may use it in a later step. */
  async hashOf(id: string): Promise<string | undefined> {
    return (await fromStorage(this.redis.hget(this.keys.apiKeyIndex(), id))) ?? undefined;
  }

  async findById(id: string): Promise<ApiKeyRecord | undefined> {
    const keyHash = await this.hashOf(id);
    if (!keyHash) return undefined;
    const [record, lastUsedAt] = await Promise.all([this.findByHash(keyHash), this.lastUsedAt(id)]);
    return record && withLastUse(record, lastUsedAt);
  }

  async lastUsedAt(id: string): Promise<string | undefined> {
    return (await fromStorage(this.redis.hget(this.keys.apiKeyLastUsed(), id))) ?? undefined;
  }

  async list(): Promise<ApiKeyRecord[]> {
    const [index, lastUse] = await Promise.all([
      fromStorage(this.redis.hgetall(this.keys.apiKeyIndex())),
      fromStorage(this.redis.hgetall(this.keys.apiKeyLastUsed())),
    ]);
    const records = await Promise.all(Object.values(index).map((keyHash) => this.findByHash(keyHash)));
    return records
      .filter((record): record is ApiKeyRecord => record !== undefined)
      .map((record) => withLastUse(record, lastUse[record.id]))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  /**
   * Marks the key revoked (the first revocation time stays) and tells every replica (this one before
   * it returns); returns the record, or undefined when no key has that id.
   */
  async revoke(id: string): Promise<ApiKeyRecord | undefined> {
    const keyHash = await this.hashOf(id);
    if (!keyHash) return undefined;
    await fromStorage(
      this.redis
        .multi()
        .hsetnx(this.keys.apiKey(keyHash), 'revokedAt', new Date().toISOString())
        .publish(this.keys.apiKeyChangesChannel(), keyHash)
        .exec(),
    );
    await this.changes?.caughtUp();
    return this.findById(id);
  }

  /** Best effort, off the request's path: callers ignore a failure. */
  async recordLastUse(id: string, at: Date): Promise<void> {
    await this.redis.hset(this.keys.apiKeyLastUsed(), id, at.toISOString());
  }
}

function withLastUse(record: ApiKeyRecord, lastUsedAt: string | undefined): ApiKeyRecord {
  return lastUsedAt ? { ...record, lastUsedAt } : record;
}
