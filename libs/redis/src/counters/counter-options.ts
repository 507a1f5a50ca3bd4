import type { LeasePolicy } from './lease-policy';

/**
 * What a FixedWindowCounter may be given besides its connection, under COUNTER_OPTIONS: only tests
 * give any (a clock they move, a smaller lease policy); the service runs on the defaults.
 */
export interface CounterOptions {
  /** This replica's clock (epoch ms): leases end and tallies are due by it. Date.now by default. */
  readonly now?: () => number;
  readonly leases?: Partial<LeasePolicy>;
}

export const COUNTER_OPTIONS = Symbol('COUNTER_OPTIONS');
