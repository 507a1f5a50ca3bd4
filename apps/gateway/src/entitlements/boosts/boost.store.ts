import { Inject, Injectable, Optional } from '@nestjs/common';
import { REDIS_COMMAND, type RedisClient, RedisKeys, RedisScripts } from '@pds/redis';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { BoostGrants } from '@pds/billing';
import { type Boost, boostFromJson, type BoostTarget, type NewBoost } from './boost';
import { END_BOOST_SCRIPT } from './boost.lua';
import { activeBoosts } from '../limits/effective-limits';
import { ChangeSubscriber } from '../../changes/change-subscriber';

/** Bounds the work of every authentication that reads a key's boosts. */
export const MAX_ACTIVE_BOOSTS = 100;

export type GrantOutcome =
  | { readonly kind: 'granted'; readonly boost: Boost }
  | { readonly kind: 'unknown-owner' }
  | { readonly kind: 'revoked-owner' }
  | { readonly kind: 'too-many-boosts' };

/** A key or an account, as far as reading its own boosts needs: a BoostTarget without the key's hash. */
export type BoostOwner =
  { readonly kind: 'key'; readonly keyId: string } | { readonly kind: 'account'; readonly accountId: string };

export type EndOutcome =
  | { readonly kind: 'ended'; readonly boost: Boost }
  | { readonly kind: 'unknown-owner' }
  | { readonly kind: 'unknown-boost' };

/**
 * Boosts in Redis, one hash per key id (RedisKeys.apiKeyBoosts) and one per account
 * (RedisKeys.accountBoosts), whose boosts raise every key of the account. Grants go through the one
 * grant of @pds/billing (BoostGrants), ends through one script; each publishes the key hashes
 * on the changes channel so every replica re-reads them at once (this one before the call returns:
 * ChangeSubscriber.caughtUp). Expired boosts are ignored on read,
 * dropped at the next grant, and the hash expires with its last boost. The gateway's one writer of
 * boosts, for the admin API and the CLI alike (through OwnerBoosts: KeyBoosts, in keys/, finds the
 * key of an id first; AccountBoosts, in accounts/, the account).
 */
@Injectable()
export class BoostStore {
  private readonly endBoost;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    scripts: RedisScripts,
    private readonly keys: RedisKeys,
    private readonly grants: BoostGrants,
    /** The gateway's subscriber, so a change holds on this replica before it returns; the CLI has none. */
    @Optional() private readonly changes?: ChangeSubscriber,
  ) {
    this.endBoost = scripts.bind(END_BOOST_SCRIPT);
  }

  /** Grants a boost to a key or to every key of an account, within MAX_ACTIVE_BOOSTS. */
  async grant(target: BoostTarget, request: NewBoost, now = Date.now()): Promise<GrantOutcome> {
    const { reply, boost } = await fromStorage(
      this.grants.grant(target, request, { maxActive: MAX_ACTIVE_BOOSTS, now }),
    );
    switch (reply) {
      case 'granted':
        await this.changes?.caughtUp();
        return { kind: 'granted', boost };
      case 'revoked-owner':
      case 'too-many-boosts':
      case 'unknown-owner':
        return { kind: reply };
      case 'already-granted':
      case 'event-applied':
        throw new Error(`a grant without markers answered ${reply}`);
    }
  }

  /** Ends a key's boost now, or an account's, for every key of the account. */
  async end(target: BoostTarget, boostId: string, now = Date.now()): Promise<EndOutcome> {
    if (target.kind === 'key') {
      return this.endIn([this.keys.apiKeyBoosts(target.keyId)], target.keyHash, boostId, now);
    }
    const keys = [
      this.keys.accountBoosts(target.accountId),
      this.keys.accountApiKeys(target.accountId),
      this.keys.apiKeyIndex(),
    ];
    return this.endIn(keys, '', boostId, now);
  }

  /** The key's or the account's own boosts active at `now`, soonest to end first (see activeFor). */
  async active(owner: BoostOwner, now = Date.now()): Promise<Boost[]> {
    const boostsKey =
      owner.kind === 'key' ? this.keys.apiKeyBoosts(owner.keyId) : this.keys.accountBoosts(owner.accountId);
    return this.activeIn(boostsKey, now);
  }

  /** What applies to a key: its own boosts and its owner account's, soonest to end first. */
  async activeFor(record: { id: string; accountId?: string }, now = Date.now()): Promise<Boost[]> {
    if (!record.accountId) return this.activeIn(this.keys.apiKeyBoosts(record.id), now);
    const [own, account] = await Promise.all([
      this.activeIn(this.keys.apiKeyBoosts(record.id), now),
      this.activeIn(this.keys.accountBoosts(record.accountId), now),
    ]);
    return activeBoosts([...own, ...account], now);
  }

  private async endIn(keys: string[], keyHash: string, boostId: string, now: number): Promise<EndOutcome> {
    const ended = await fromStorage(
      this.endBoost(keys, boostId, now, this.keys.apiKeyChangesChannel(), keyHash),
    );
    const boost = ended === null ? undefined : boostFromJson(ended);
    if (boost) await this.changes?.caughtUp();
    return boost ? { kind: 'ended', boost: { ...boost, expiresAt: now } } : { kind: 'unknown-boost' };
  }

  private async activeIn(boostsKey: string, now: number): Promise<Boost[]> {
    const stored = await fromStorage(this.redis.hgetall(boostsKey));
    const boosts = Object.values(stored)
      .map(boostFromJson)
      .filter((boost): boost is Boost => boost !== undefined);
    return activeBoosts(boosts, now);
  }
}
