import { Injectable } from '@nestjs/common';
import { BoostStore, KeyLimits } from '../../entitlements';
import type { OwnApiKeyDto } from '../dto/own-api-key.dto';
import { OwnKeyView } from '../own-key/own-key-view';
import { AccountApiKeys } from './account-api-keys.service';

/**
 * Each live key of an account as its owner sees it with the key (GET /api/v1/api-keys/me): limits in
 * effect with the plan and boosts, and usage now, so the account shows its usage without a key.
 */
@Injectable()
export class AccountKeyViews {
  constructor(
    private readonly accountKeys: AccountApiKeys,
    private readonly boosts: BoostStore,
    private readonly limits: KeyLimits,
    private readonly ownKeyView: OwnKeyView,
  ) {}

  async of(accountId: string, plan: string): Promise<OwnApiKeyDto[]> {
    const live = (await this.accountKeys.list(accountId)).filter((record) => !record.revokedAt);
    return Promise.all(
      live.map(async (record) => {
        const boosts = await this.boosts.activeFor(record);
        return this.ownKeyView.of(this.limits.principalOf({ record, boosts, ownerPlan: plan }));
      }),
    );
  }
}
