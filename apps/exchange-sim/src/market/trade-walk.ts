import { SeededRandom } from './hash';

export interface WalkStep {
  readonly priceTicks: number;
  readonly quantitySteps: number;
  readonly buyerIsMaker: boolean;
}

/** Largest price move of one trade: 2.00 USDT, in ticks. */
const MAX_STEP_TICKS = 200;
/** Largest background trade: 0.1 BTC, in 0.00001 steps; most are far smaller. */
const MAX_QUANTITY_STEPS = 10_000;

/**
 * The live market's random walk: each trade moves the price by up to ±MAX_STEP_TICKS from the last
 * trade (injected ones included), with a quantity skewed toward small sizes, as a real tape looks.
 * Seeded, so a replay with the same seed and injections prints the same prices.
 */
export class TradeWalk {
  private readonly random: SeededRandom;

  constructor(seed: number) {
    this.random = new SeededRandom(seed);
  }

  next(lastPriceTicks: number): WalkStep {
    const move = this.random.below(2 * MAX_STEP_TICKS + 1) - MAX_STEP_TICKS;
    // Reflect at the floor so the price stays a positive number of ticks.
    const priceTicks = Math.max(1, Math.abs(lastPriceTicks + move));
    const uniform = this.random.below(1_000_000) / 1_000_000;
    const quantitySteps = 1 + Math.floor(uniform ** 3 * MAX_QUANTITY_STEPS);
    return { priceTicks, quantitySteps, buyerIsMaker: this.random.below(2) === 0 };
  }
}
