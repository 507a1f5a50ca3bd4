import { Injectable, type OnModuleInit } from '@nestjs/common';
import { RedisKeys } from '@pds/redis';
import { ApiKeyStore } from '../store/api-key.store';
import { hashApiKey } from '../store/api-key-secret';
import { BoostStore, KeyLimits, OwnerPlans } from '../../entitlements';
import { ApiException } from '../../errors/api-exception';
import { ChangeSubscriber } from '../../changes/change-subscriber';
import { ApiKeyCache } from './api-key-cache';
import { type ApiKeyCredentials } from './api-key-credentials';
import type { ApiKeyAccount, ApiKeyPrincipal } from './api-key-principal';
import { type AuthenticatingClient, AuthFailureLimiter } from './auth-failure-limiter';
import { LastUseTracker } from './last-use-tracker';

const KEY_CACHE_TTL_MS = 5_000;

/**
 * Turns credentials into a principal with its effective limits, for HTTP and WebSocket alike
 * (CONTRACT sections 4 and 5; the api-keys and boosts areas).
 */
@Injectable()
export class Authenticator implements OnModuleInit {
  private readonly cache = new ApiKeyCache(KEY_CACHE_TTL_MS);
  /**
   * The principal of each cached account, computed once: its limits hold while the account is
   * cached, since a cache entry ends no later than the first of its boosts.
   */
  private readonly principals = new WeakMap<ApiKeyAccount, ApiKeyPrincipal>();
  private readonly lastUse: LastUseTracker;

  constructor(
    private readonly apiKeys: ApiKeyStore,
    private readonly boosts: BoostStore,
    private readonly limits: KeyLimits,
    private readonly keys: RedisKeys,
    private readonly failures: AuthFailureLimiter,
    private readonly changes: ChangeSubscriber,
    private readonly ownerPlans: OwnerPlans,
  ) {
    this.lastUse = new LastUseTracker((id, at) => this.apiKeys.recordLastUse(id, at));
  }

  onModuleInit(): void {
    // Revocations and boost changes publish the key hash: re-read that key on its next use.
    this.changes.subscribe(this.keys.apiKeyChangesChannel(), (keyHash) => {
      this.cache.evict(keyHash);
    });
    // Messages sent while the subscriber was away are lost: forget everything instead.
    this.changes.onResubscribed(() => {
      this.cache.clear();
    });
  }

  /**
   * The principal of the credentials: at once when the key is cached (no promise on the common
   * path, a price request's most frequent step), else once read. Throws or rejects with 401 or 429.
   */
  authenticate(
    credentials: ApiKeyCredentials,
    client: AuthenticatingClient,
  ): ApiKeyPrincipal | Promise<ApiKeyPrincipal> {
    if (credentials.kind === 'missing') throw ApiException.missingApiKey();
    this.failures.assertClientNotBlocked(client);
    if (credentials.kind !== 'present') return this.refuse(client);
    const keyHash = hashApiKey(credentials.key);
    const cached = this.cache.get(keyHash);
    if (cached) return this.admit(cached, client);
    return this.read(keyHash).then((account) => this.admit(account, client));
  }

  private admit(
    account: ApiKeyAccount | undefined,
    client: AuthenticatingClient,
  ): ApiKeyPrincipal | Promise<never> {
    if (account && !account.record.revokedAt) return this.principalOf(account);
    return this.refuse(client);
  }

  private async refuse(client: AuthenticatingClient): Promise<never> {
    throw (await this.failures.recordFailure(client.ip)) ?? ApiException.invalidApiKey();
  }

  private principalOf(account: ApiKeyAccount): ApiKeyPrincipal {
    let principal = this.principals.get(account);
    if (principal === undefined) {
      // The key's use is recorded here too: a key in use is read again within the cache's 5 s, and
      // the tracker writes at most once a minute per key anyway.
      this.lastUse.touch(account.record.id);
      principal = this.limits.principalOf(account);
      this.principals.set(account, principal);
    }
    return principal;
  }

  private async read(keyHash: string): Promise<ApiKeyAccount | undefined> {
    const generation = this.cache.generation;
    const record = await this.apiKeys.findByHash(keyHash);
    if (!record) return undefined;
    const boosts = record.revokedAt ? [] : await this.boosts.activeFor(record);
    const ownerPlan = record.accountId ? await this.ownerPlans.planOf(record.accountId) : undefined;
    const account: ApiKeyAccount = { record, boosts, ...(ownerPlan === undefined ? {} : { ownerPlan }) };
    this.cache.set(keyHash, account, generation);
    return account;
  }
}
