import { Injectable } from '@nestjs/common';
import {
  type Boost,
  BoostStore,
  type EndOutcome,
  type GrantOutcome,
  type NewBoost,
} from '../../entitlements';
import { ApiKeyStore } from '../store/api-key.store';

/**
 * A key's boosts by the key's id, for the admin API and the CLI: finds the key, then asks the
 * entitlements' BoostStore, which alone writes boosts.
 */
@Injectable()
export class KeyBoosts {
  constructor(
    private readonly apiKeys: ApiKeyStore,
    private readonly boosts: BoostStore,
  ) {}

  async grant(keyId: string, request: NewBoost, now = Date.now()): Promise<GrantOutcome> {
    const hash = await this.apiKeys.hashOf(keyId);
    if (!hash) return { kind: 'unknown-key' };
    return this.boosts.grant({ kind: 'key', keyId, keyHash: hash }, request, now);
  }

  async end(keyId: string, boostId: string, now = Date.now()): Promise<EndOutcome> {
    const hash = await this.apiKeys.hashOf(keyId);
    if (!hash) return { kind: 'unknown-key' };
    return this.boosts.end({ id: keyId, hash }, boostId, now);
  }

  /** The key's active boosts, soonest to end first; undefined when no key has that id. */
  async activeOfKnownKey(keyId: string, now = Date.now()): Promise<Boost[] | undefined> {
    if (!(await this.apiKeys.hashOf(keyId))) return undefined;
    return this.boosts.active(keyId, now);
  }
}
