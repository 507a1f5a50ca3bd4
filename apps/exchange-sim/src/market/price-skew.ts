import { Injectable } from '@nestjs/common';

/** The widest skew POST /sim/skew takes: ±50 %. */
export const MAX_SKEW_BPS = 5000;

/**
 * How far this exchange's own prices are pushed from the market all exchanges trade, in basis points
 * (POST /sim/skew): one exchange can be made to disagree with the others on purpose.
 */
@Injectable()
export class PriceSkew {
  private current = 0;

  get bps(): number {
    return this.current;
  }

  set(bps: number): void {
    this.current = bps;
  }

  /** A price in ticks moved by the skew, rounded to the tick. */
  apply(ticks: number): number {
    return this.current === 0 ? ticks : Math.max(1, ticks + Math.round((ticks * this.current) / 10_000));
  }
}
