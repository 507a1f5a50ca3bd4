import { RedisKeys, type RedisClient } from '@pds/redis';
import type { ApiKeyStore } from '../api-keys/api-key.store';
import { fromStorage } from '../storage/storage-unavailable.error';
import { type Boost, boostFromJson, boostToJson, generateBoostId, type NewBoost } from './boost';
import { END_BOOST, GRANT_BOOST } from './boost-scripts';
import { activeBoosts } from './effective-limits';

/** Bounds the work of every authentication that reads a key's boosts. */
export const MAX_ACTIVE_BOOSTS = 100;

export type GrantOutcome =
  | { readonly kind: 'granted'; readonly boost: Boost }
  | { readonly kind: 'unknown-key' }
  | { readonly kind: 'revoked-key' }
  | { readonly kind: 'too-many-boosts' };

export type EndOutcome =
  | { readonly kind: 'ended'; readonly boost: Boost }
  | { readonly kind: 'unknown-key' }
  | { readonly kind: 'unknown-boost' };

/**
 * Boosts in Redis, one hash per key id (RedisKeys.apiKeyBoosts). Grants and ends are one script
 * each, which also publishes the key hash on the changes channel so every replica re-reads the key
 * at once. Expired boosts are ignored on read, dropped at the next grant, and the hash expires with
 * its last boost. The one place for boosts, for the admin API and the CLI alike.
 */
export class BoostStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly apiKeys: ApiKeyStore,
  ) {}

  async grant(keyId: string, request: NewBoost, now = Date.now()): Promise<GrantOutcome> {
    const keyHash = await this.apiKeys.hashOf(keyId);
    if (!keyHash) return { kind: 'unknown-key' };
    const boost: Boost = { id: generateBoostId(), grantedAt: now, ...request };
    const outcome = await fromStorage(
      this.redis.eval(
        GRANT_BOOST,
        2,
        this.keys.apiKey(keyHash),
        this.keys.apiKeyBoosts(keyId),
        keyId,
        boost.id,
        boostToJson(boost),
        boost.expiresAt,
        now,
        MAX_ACTIVE_BOOSTS,
        this.keys.apiKeyChangesChannel(),
        keyHash,
      ),
    );
    switch (outcome) {
      case 'granted':
        return { kind: 'granted', boost };
      case 'revoked-key':
      case 'too-many-boosts':
        return { kind: outcome };
      default:
        return { kind: 'unknown-key' };
    }
  }

  async end(keyId: string, boostId: string, now = Date.now()): Promise<EndOutcome> {
    const keyHash = await this.apiKeys.hashOf(keyId);
    if (!keyHash) return { kind: 'unknown-key' };
    const ended = await fromStorage(
      this.redis.eval(
        END_BOOST,
        1,
        this.keys.apiKeyBoosts(keyId),
        boostId,
        now,
        this.keys.apiKeyChangesChannel(),
        keyHash,
      ),
    );
    const boost = typeof ended === 'string' ? boostFromJson(ended) : undefined;
    return boost ? { kind: 'ended', boost: { ...boost, expiresAt: now } } : { kind: 'unknown-boost' };
  }

  /** Like `active`, for an id from outside: undefined when no key has that id. */
  async activeOfKnownKey(keyId: string, now = Date.now()): Promise<Boost[] | undefined> {
    if (!(await this.apiKeys.hashOf(keyId))) return undefined;
    return this.active(keyId, now);
  }

  /** The key's boosts active at `now`, soonest to end first. */
  async active(keyId: string, now = Date.now()): Promise<Boost[]> {
    const stored = await fromStorage(this.redis.hgetall(this.keys.apiKeyBoosts(keyId)));
    const boosts = Object.values(stored)
      .map(boostFromJson)
      .filter((boost): boost is Boost => boost !== undefined);
    return activeBoosts(boosts, now);
  }
}
