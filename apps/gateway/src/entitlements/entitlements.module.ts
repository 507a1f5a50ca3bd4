import { Module } from '@nestjs/common';
import { BoostGrants } from '@pds/billing';
import { ChangesModule } from '../changes/changes.module';
import { BoostStore } from './boosts/boost.store';
import { KeyLimits } from './limits/key-limits';
import { OwnerPlans } from './limits/owner-plans';
import { PlanCatalogue } from './plans/plan-catalogue';

/**
 * What a caller is entitled to: the plans (PlanCatalogue), the limits a key gets from its plan or
 * its own (KeyLimits, OwnerPlans), and boosts, which BoostStore alone writes (granted through the
 * one BoostGrants of @pds/billing, which billing's AccountBilling uses too).
 */
@Module({
  imports: [ChangesModule],
  providers: [PlanCatalogue, KeyLimits, OwnerPlans, BoostGrants, BoostStore],
  exports: [PlanCatalogue, KeyLimits, OwnerPlans, BoostStore],
})
export class EntitlementsModule {}
