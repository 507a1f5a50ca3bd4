import { Injectable } from '@nestjs/common';
import { type BoostTarget, BoostStore, OwnerBoosts } from '../../entitlements';
import { AccountStore } from '../store/account.store';

/** An account's boosts by the account's id, for the admin API and the CLI, as KeyBoosts is a key's. */
@Injectable()
export class AccountBoosts extends OwnerBoosts {
  constructor(
    private readonly accounts: AccountStore,
    boosts: BoostStore,
  ) {
    super(boosts);
  }

  protected async targetOf(accountId: string): Promise<BoostTarget | undefined> {
    return (await this.accounts.findById(accountId)) ? { kind: 'account', accountId } : undefined;
  }
}
