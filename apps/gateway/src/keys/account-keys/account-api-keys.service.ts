import { Inject, Injectable } from '@nestjs/common';
import { RedisKeys, type RedisClient, RedisScripts, type RunScript, REDIS_COMMAND } from '@pds/redis';
import type { Plan } from '../../entitlements';
import { ApiException } from '../../errors/api-exception';
import { type ApiKeyRecord, recordToHash } from '../store/api-key-record';
import { ApiKeyStore } from '../store/api-key.store';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { generateApiKey, generateKeyId, keyPrefixOf, hashApiKey } from '../store/api-key-secret';
import { notFound } from '../admin/not-found';
import { CREATE_ACCOUNT_KEY } from './account-key.lua';

/** CONTRACT section 10: the revoked keys an account holds; older ones are forgotten. */
export const REVOKED_KEYS_KEPT = 100;

export interface CreatedAccountKey {
  readonly key: string;
  readonly record: ApiKeyRecord;
}

/**
 * An account's own API keys: the same records admin-made keys have (so the price operations treat
 * them alike), with an owner, capped in number by the account's plan.
 */
@Injectable()
export class AccountApiKeys {
  private readonly createAccountKey: RunScript<number>;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    scripts: RedisScripts,
    private readonly apiKeys: ApiKeyStore,
  ) {
    this.createAccountKey = scripts.bind(CREATE_ACCOUNT_KEY);
  }

  /** Every key the account made, oldest first, revoked ones included. */
  async list(accountId: string): Promise<ApiKeyRecord[]> {
    const ids = await fromStorage(this.redis.smembers(this.keys.accountApiKeys(accountId)));
    const records = await Promise.all(ids.map((id) => this.apiKeys.findById(id)));
    return records
      .filter((record): record is ApiKeyRecord => record !== undefined)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  /** A new key, capped in number by the plan; 403 naming the plan's number once it has that many live. */
  async create(accountId: string, name: string, plan: Plan): Promise<CreatedAccountKey> {
    const key = generateApiKey();
    const record: ApiKeyRecord = {
      id: generateKeyId(),
      name,
      prefix: keyPrefixOf(key),
      createdAt: new Date().toISOString(),
      // No limits of its own: every key of an account follows the account's current plan.
      accountId,
    };
    const keyHash = hashApiKey(key);
    const created = await fromStorage(
      this.createAccountKey(
        [
          this.keys.accountLiveApiKeys(accountId),
          this.keys.accountApiKeys(accountId),
          this.keys.apiKey(keyHash),
          this.keys.apiKeyIndex(),
        ],
        plan.apiKeys,
        record.id,
        keyHash,
        ...Object.entries(recordToHash(record)).flat(),
      ),
    );
    if (created !== 1) {
      throw ApiException.forbidden(
        `The ${plan.name} plan allows ${plan.apiKeys} API keys; revoke one to create another`,
      );
    }
    return { key, record };
  }

  /** Revokes the account's key on every replica; another account's key id is 404. */
  async revoke(accountId: string, id: string): Promise<ApiKeyRecord> {
    const owned = await this.apiKeys.findById(id);
    if (owned?.accountId !== accountId) throw notFound('API key');
    const revoked = await this.apiKeys.revoke(id);
    await fromStorage(this.redis.srem(this.keys.accountLiveApiKeys(accountId), id));
    await this.forgetOldestRevoked(accountId);
    return revoked ?? owned;
  }

  /**
   * Keeps the newest REVOKED_KEYS_KEPT revoked keys: the older ones leave the account's list, and
   * their records go (a forgotten key is as refused as a revoked one), so revoking in a loop cannot
   * grow an account without end.
   */
  private async forgetOldestRevoked(accountId: string): Promise<void> {
    const revoked = (await this.list(accountId))
      .filter((record) => record.revokedAt !== undefined)
      .sort((a, b) => (a.revokedAt ?? '').localeCompare(b.revokedAt ?? '') || a.id.localeCompare(b.id));
    const forgotten = revoked.slice(0, Math.max(0, revoked.length - REVOKED_KEYS_KEPT));
    for (const record of forgotten) {
      const keyHash = await this.apiKeys.hashOf(record.id);
      const steps = this.redis
        .multi()
        .srem(this.keys.accountApiKeys(accountId), record.id)
        .hdel(this.keys.apiKeyIndex(), record.id);
      if (keyHash) steps.del(this.keys.apiKey(keyHash));
      await fromStorage(steps.exec());
    }
  }
}
