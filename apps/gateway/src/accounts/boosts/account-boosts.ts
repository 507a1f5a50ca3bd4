import { Injectable } from '@nestjs/common';
import {
  type Boost,
  BoostStore,
  type EndOutcome,
  type GrantOutcome,
  type NewBoost,
} from '../../entitlements';
import { AccountStore } from '../store/account.store';

/**
 * An account's boosts by the account's id, for the admin API and the account's own view, as
 * KeyBoosts is a key's: finds the account, then asks the entitlements' BoostStore, which alone
 * writes boosts. `unknown-key` stands for an unknown account, as the store's outcomes name it.
 */
@Injectable()
export class AccountBoosts {
  constructor(
    private readonly accounts: AccountStore,
    private readonly boosts: BoostStore,
  ) {}

  async grant(accountId: string, request: NewBoost, now = Date.now()): Promise<GrantOutcome> {
    if (!(await this.accounts.findById(accountId))) return { kind: 'unknown-key' };
    return this.boosts.grant({ kind: 'account', accountId }, request, now);
  }

  async end(accountId: string, boostId: string, now = Date.now()): Promise<EndOutcome> {
    if (!(await this.accounts.findById(accountId))) return { kind: 'unknown-key' };
    return this.boosts.endOfAccount(accountId, boostId, now);
  }

  /** The account's active boosts, soonest to end first; undefined when no account has that id. */
  async activeOfKnownAccount(accountId: string, now = Date.now()): Promise<Boost[] | undefined> {
    if (!(await this.accounts.findById(accountId))) return undefined;
    return this.boosts.activeOfAccount(accountId, now);
  }
}
