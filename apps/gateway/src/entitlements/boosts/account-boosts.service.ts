import { Injectable } from '@nestjs/common';
import { RedisKeys, RedisScripts, type RunScript } from '@pds/redis';
import { type Boost, boostToJson, generateBoostId, type NewBoost } from './boost';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { MAX_ACTIVE_BOOSTS } from './boost.store';
import { GRANT_ACCOUNT_BOOST, type GrantOutcome } from '@pds/entitlements';

/**
 * Boosts owned by an account: they raise the limits of every key of the account (the
 * authenticator reads them with each key's own), and reach every replica through the key change
 * channel at once.
 */
@Injectable()
export class AccountBoosts {
  private readonly grantAccountBoost: RunScript<GrantOutcome>;

  constructor(
    private readonly keys: RedisKeys,
    scripts: RedisScripts,
  ) {
    this.grantAccountBoost = scripts.bind(GRANT_ACCOUNT_BOOST);
  }

  /** The granted boost, or undefined when the account already has the most active boosts allowed. */
  async grant(accountId: string, request: NewBoost, now = Date.now()): Promise<Boost | undefined> {
    const boost: Boost = { id: generateBoostId(), grantedAt: now, ...request };
    const outcome = await fromStorage(
      this.grantAccountBoost(
        [this.keys.accountBoosts(accountId), this.keys.accountApiKeys(accountId), this.keys.apiKeyIndex()],
        boost.id,
        boostToJson(boost),
        boost.expiresAt,
        now,
        MAX_ACTIVE_BOOSTS,
        this.keys.apiKeyChangesChannel(),
      ),
    );
    return outcome === 'granted' ? boost : undefined;
  }
}
