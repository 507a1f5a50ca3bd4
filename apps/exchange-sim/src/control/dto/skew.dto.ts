import { IsInt, Max, Min } from 'class-validator';
import { MAX_SKEW_BPS } from '../../market/price-skew';

/** POST /sim/skew: this exchange's prices from now on, in basis points from the shared market. */
export class SkewDto {
  @IsInt({ message: 'bps must be an integer' })
  @Min(-MAX_SKEW_BPS, { message: `bps must be at least -${MAX_SKEW_BPS}` })
  @Max(MAX_SKEW_BPS, { message: `bps must be at most ${MAX_SKEW_BPS}` })
  bps!: number;
}
