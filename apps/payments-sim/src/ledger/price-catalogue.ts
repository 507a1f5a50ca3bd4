import { readFileSync } from 'node:fs';
import type { Price, Product, RecurringInterval } from './objects';

/** One configured price: what `PAYSIM_PRICES` / `PAYSIM_PRICES_FILE` hold, as a JSON array. */
export interface PriceSpec {
  readonly id: string;
  readonly product: string;
  readonly productName: string;
  /** In the currency's minor unit (cents), as Stripe's `unit_amount`. */
  readonly unitAmount: number;
  readonly currency: string;
  /** Absent for a one-time price. */
  readonly interval?: RecurringInterval;
  readonly lookupKey?: string;
}

/** A free plan, two paid plans and two one-time boosts, for the local stack and tests. */
export const DEFAULT_PRICES: readonly PriceSpec[] = [
  {
    id: 'price_free_monthly',
    product: 'prod_free',
    productName: 'Free',
    unitAmount: 0,
    currency: 'usd',
    interval: 'month',
    lookupKey: 'free',
  },
  {
    id: 'price_pro_monthly',
    product: 'prod_pro',
    productName: 'Pro',
    unitAmount: 900,
    currency: 'usd',
    interval: 'month',
    lookupKey: 'pro',
  },
  {
    id: 'price_business_monthly',
    product: 'prod_business',
    productName: 'Business',
    unitAmount: 4900,
    currency: 'usd',
    interval: 'month',
    lookupKey: 'business',
  },
  {
    id: 'price_boost_hour',
    product: 'prod_boost_hour',
    productName: 'Boost: one hour',
    unitAmount: 200,
    currency: 'usd',
    lookupKey: 'boost_hour',
  },
  {
    id: 'price_boost_day',
    product: 'prod_boost_day',
    productName: 'Boost: one day',
    unitAmount: 1000,
    currency: 'usd',
    lookupKey: 'boost_day',
  },
];

const INTERVALS: readonly string[] = ['day', 'week', 'month', 'year'];

function problemOf(spec: Record<string, unknown>): string | undefined {
  if (typeof spec.id !== 'string' || !spec.id) return 'id must be a non-empty string';
  if (typeof spec.product !== 'string' || !spec.product.startsWith('prod_'))
    return 'product must be a prod_ id';
  if (typeof spec.productName !== 'string' || !spec.productName)
    return 'productName must be a non-empty string';
  if (!Number.isSafeInteger(spec.unitAmount) || (spec.unitAmount as number) < 0)
    return 'unitAmount must be an integer ≥ 0 (minor units)';
  if (typeof spec.currency !== 'string' || !/^[a-z]{3}$/.test(spec.currency))
    return 'currency must be a 3-letter lower-case code';
  if (spec.interval !== undefined && !INTERVALS.includes(spec.interval as string))
    return `interval must be one of ${INTERVALS.join(', ')}`;
  if (spec.lookupKey !== undefined && typeof spec.lookupKey !== 'string') return 'lookupKey must be a string';
  return undefined;
}

/** Reads and checks a JSON price list; throws naming the first bad entry. */
export function parsePriceSpecs(json: string): PriceSpec[] {
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value) || value.length === 0)
    throw new Error('the price list must be a non-empty JSON array');
  const ids = new Set<string>();
  return value.map((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null) throw new Error(`price ${index} must be an object`);
    const problem = problemOf(entry as Record<string, unknown>);
    if (problem) throw new Error(`price ${index}: ${problem}`);
    const spec = entry as PriceSpec;
    if (ids.has(spec.id)) throw new Error(`price ${index}: duplicate id ${spec.id}`);
    ids.add(spec.id);
    return spec;
  });
}

/** The configured catalogue: inline JSON first, then a file, else the defaults. */
export function loadPriceSpecs(inline: string | undefined, file: string | undefined): readonly PriceSpec[] {
  if (inline) return parsePriceSpecs(inline);
  if (file) return parsePriceSpecs(readFileSync(file, 'utf8'));
  return DEFAULT_PRICES;
}

export function toPrice(spec: PriceSpec, created: number): Price {
  return {
    id: spec.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: spec.currency,
    livemode: false,
    lookup_key: spec.lookupKey ?? null,
    metadata: {},
    nickname: spec.productName,
    product: spec.product,
    recurring: spec.interval
      ? {
          interval: spec.interval,
          interval_count: 1,
          usage_type: 'licensed',
          meter: null,
          trial_period_days: null,
        }
      : null,
    tax_behavior: 'unspecified',
    type: spec.interval ? 'recurring' : 'one_time',
    unit_amount: spec.unitAmount,
    unit_amount_decimal: String(spec.unitAmount),
  };
}

export function toProduct(spec: PriceSpec, created: number): Product {
  return {
    id: spec.product,
    object: 'product',
    active: true,
    created,
    default_price: spec.id,
    description: null,
    livemode: false,
    metadata: {},
    name: spec.productName,
    type: 'service',
    updated: created,
  };
}
