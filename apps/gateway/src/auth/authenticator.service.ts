import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { RedisKeys } from '@pds/redis';
import type { Redis } from 'ioredis';
import { ApiKeyStore } from '../api-keys/api-key.store';
import { hashApiKey } from '../api-keys/api-key-secret';
import { ApiException } from '../errors/api-exception';
import { GatewayEnvironment } from '../gateway.environment';
import { ChangeSubscriber } from '../storage/change-subscriber';
import { REDIS } from '../storage/storage.module';
import { ApiKeyCache } from './api-key-cache';
import { type ApiKeyCredentials } from './api-key-credentials';
import { type ApiKeyPrincipal, principalOf } from './api-key-principal';
import { AuthFailureLimiter } from './auth-failure-limiter';

const KEY_CACHE_TTL_MS = 5_000;

/** Turns credentials into a principal, for HTTP and WebSocket alike (CONTRACT section 4). */
@Injectable()
export class Authenticator implements OnModuleInit {
  private readonly cache = new ApiKeyCache(KEY_CACHE_TTL_MS);
  private readonly store: ApiKeyStore;

  constructor(
    @Inject(REDIS) redis: Redis,
    private readonly keys: RedisKeys,
    private readonly env: GatewayEnvironment,
    private readonly failures: AuthFailureLimiter,
    private readonly changes: ChangeSubscriber,
  ) {
    this.store = new ApiKeyStore(redis, keys);
  }

  onModuleInit(): void {
    this.changes.subscribe(this.keys.apiKeyChangesChannel(), (keyHash) => {
      this.cache.evict(keyHash);
    });
    // Messages sent while the subscriber was away are lost: forget everything instead.
    this.changes.onResubscribed(() => {
      this.cache.clear();
    });
  }

  async authenticate(credentials: ApiKeyCredentials, address: string): Promise<ApiKeyPrincipal> {
    if (credentials.kind === 'missing') throw ApiException.missingApiKey();
    this.failures.assertNotBlocked(address);
    const record = credentials.kind === 'present' ? await this.lookup(credentials.key) : undefined;
    if (record && !record.revokedAt) {
      return principalOf(record, {
        requestsPerMinute: this.env.RATE_LIMIT_PER_MINUTE,
        wsConnections: this.env.WS_CONNECTIONS_PER_KEY,
      });
    }
    throw (await this.failures.recordFailure(address)) ?? ApiException.invalidApiKey();
  }

  private async lookup(key: string): Promise<ReturnType<ApiKeyCache['get']>> {
    const keyHash = hashApiKey(key);
    const cached = this.cache.get(keyHash);
    if (cached) return cached;
    const record = await this.store.findByHash(keyHash);
    if (record) this.cache.set(keyHash, record);
    return record;
  }
}
