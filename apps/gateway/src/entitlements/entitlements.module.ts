import { Module } from '@nestjs/common';
import { AccountBoosts } from './boosts/account-boosts.service';
import { BoostStore } from './boosts/boost.store';
import { KeyLimits } from './limits/key-limits';
import { OwnerPlans } from './limits/owner-plans';
import { PlanCatalogue } from './plans/plan-catalogue';

/**
 * What a caller is entitled to: the plans (PlanCatalogue), the limits a key gets from its plan or
 * its own (KeyLimits, OwnerPlans), and boosts, which only BoostStore and AccountBoosts write.
 */
@Module({
  providers: [PlanCatalogue, KeyLimits, OwnerPlans, BoostStore, AccountBoosts],
  exports: [PlanCatalogue, KeyLimits, OwnerPlans, BoostStore, AccountBoosts],
})
export class EntitlementsModule {}
