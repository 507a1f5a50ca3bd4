import type { PaidBoost } from './account-billing';
import type { PriceCatalogue } from './stripe-sync';

/** A price as the API shows it: the amount as a decimal string, never a float. */
export interface Price {
  readonly amount: string;
  readonly currency: string;
}

/** What a plan gives every key of an account on it, and how many live keys the account may hold. */
export interface Plan {
  readonly id: string;
  readonly name: string;
  readonly price: Price & { readonly interval: 'month' };
  /** REST requests per minute, per key and operation. */
  readonly requestsPerMinute: number;
  /** Concurrent WebSocket connections, per key and operation. */
  readonly wsConnections: number;
  /** Live API keys an account on this plan may hold. */
  readonly apiKeys: number;
  /** The Stripe price of its subscription; absent for `free`, which is never sold. */
  readonly stripePriceId?: string;
}

/** A boost bought once: extra limits for every key of the account for a while. */
export interface BoostProduct extends PaidBoost {
  readonly id: string;
  readonly name: string;
  readonly price: Price;
  readonly stripePriceId: string;
}

/** The Stripe prices the catalogue sells, from configuration (STRIPE_PRICE_*). */
export interface StripePrices {
  readonly STRIPE_PRICE_PRO: string;
  readonly STRIPE_PRICE_BUSINESS: string;
  readonly STRIPE_PRICE_BOOST_HOUR: string;
  readonly STRIPE_PRICE_BOOST_DAY: string;
}

/** The payments simulator's default catalogue (apps/payments-sim/README.md). */
export const SIMULATOR_PRICES: StripePrices = {
  STRIPE_PRICE_PRO: 'price_pro_monthly',
  STRIPE_PRICE_BUSINESS: 'price_business_monthly',
  STRIPE_PRICE_BOOST_HOUR: 'price_boost_hour',
  STRIPE_PRICE_BOOST_DAY: 'price_boost_day',
};

const USD = 'usd';

/** The paid plans on sale. */
export function paidPlans(prices: StripePrices): Plan[] {
  const month = 'month' as const;
  return [
    {
      id: 'pro',
      name: 'Pro',
      price: { amount: '9.00', currency: USD, interval: month },
      requestsPerMinute: 300,
      wsConnections: 5,
      apiKeys: 10,
      stripePriceId: prices.STRIPE_PRICE_PRO,
    },
    {
      id: 'business',
      name: 'Business',
      price: { amount: '49.00', currency: USD, interval: month },
      requestsPerMinute: 1200,
      wsConnections: 20,
      apiKeys: 50,
      stripePriceId: prices.STRIPE_PRICE_BUSINESS,
    },
  ];
}

/** The boosts on sale. */
export function boostProducts(prices: StripePrices): BoostProduct[] {
  const boost = { extraRequestsPerMinute: 200, extraWsConnections: 3 };
  return [
    {
      id: 'boost_hour',
      name: 'Hour boost',
      price: { amount: '2.00', currency: USD },
      ...boost,
      durationSeconds: 3600,
      stripePriceId: prices.STRIPE_PRICE_BOOST_HOUR,
    },
    {
      id: 'boost_day',
      name: 'Day boost',
      price: { amount: '10.00', currency: USD },
      ...boost,
      durationSeconds: 86_400,
      stripePriceId: prices.STRIPE_PRICE_BOOST_DAY,
    },
  ];
}

/** What a Stripe price sells, for whoever applies Stripe's state without the whole catalogue. */
export function priceCatalogue(prices: StripePrices): PriceCatalogue {
  const plans = paidPlans(prices);
  const boosts = boostProducts(prices);
  return {
    planByPrice: (priceId) => plans.find((plan) => plan.stripePriceId === priceId),
    boostByPrice: (priceId) => boosts.find((boost) => boost.stripePriceId === priceId),
  };
}
