import { Module } from '@nestjs/common';
import { PlanCatalogue } from './plan-catalogue';

/** The plan catalogue: what each plan gives an account's keys. */
@Module({
  providers: [PlanCatalogue],
  exports: [PlanCatalogue],
})
export class PlansModule {}
