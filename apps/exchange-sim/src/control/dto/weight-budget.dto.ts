import { IsInt, Min } from 'class-validator';

/** POST /sim/weight-budget: the REQUEST_WEIGHT budget per minute from now on. */
export class WeightBudgetDto {
  @IsInt()
  @Min(1)
  perMinute!: number;
}
