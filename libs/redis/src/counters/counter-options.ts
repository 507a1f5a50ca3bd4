import type { AllotmentPolicy } from './allotment-policy';

/**
 * What a FixedWindowCounter may be given besides its connection, under COUNTER_OPTIONS: only tests
 * give any (a clock they move, a smaller allotment policy); the service runs on the defaults.
 */
export interface CounterOptions {
  /** This replica's clock (epoch ms): allotments end and tallies are due by it. Date.now by default. */
  readonly now?: () => number;
  readonly allotments?: Partial<AllotmentPolicy>;
}

export const COUNTER_OPTIONS = Symbol('COUNTER_OPTIONS');
