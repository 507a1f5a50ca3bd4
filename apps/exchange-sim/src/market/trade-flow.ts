import { SeededRandom } from './hash';

export interface TradeStep {
  readonly priceTicks: number;
  readonly quantitySteps: number;
  readonly buyerIsMaker: boolean;
}

/** Largest background trade: 0.1 BTC, in 0.00001 steps; most are far smaller. */
const MAX_QUANTITY_STEPS = 10_000;

/**
 * The live market's background trades at the prices the exchange prints: a quantity skewed toward
 * small sizes and a side, as a real tape looks. Seeded, so a replay with the same seed books the same.
 */
export class TradeFlow {
  private readonly random: SeededRandom;

  constructor(seed: number) {
    this.random = new SeededRandom(seed);
  }

  next(priceTicks: number): TradeStep {
    const uniform = this.random.below(1_000_000) / 1_000_000;
    const quantitySteps = 1 + Math.floor(uniform ** 3 * MAX_QUANTITY_STEPS);
    return { priceTicks, quantitySteps, buyerIsMaker: this.random.below(2) === 0 };
  }
}
