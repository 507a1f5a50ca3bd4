import { Injectable } from '@nestjs/common';
import { GatewayEnvironment } from '../../gateway.environment';
import { boostProducts, paidPlans } from '@pds/billing';
import { type BoostProduct, FREE_PLAN_ID, type Plan } from './plan';

const USD = 'usd';

/**
 * The plans accounts can be on and the boosts they can buy, from configuration: `free` with the
 * service's default limits (the same a key without limits of its own gets), and the paid ones.
 */
@Injectable()
export class PlanCatalogue {
  private readonly plans: ReadonlyMap<string, Plan>;
  private readonly boostsById: ReadonlyMap<string, BoostProduct>;

  constructor(env: GatewayEnvironment) {
    const free: Plan = {
      id: FREE_PLAN_ID,
      name: 'Free',
      price: { amount: '0.00', currency: USD, interval: 'month' },
      requestsPerMinute: env.RATE_LIMIT_PER_MINUTE,
      wsConnections: env.WS_CONNECTIONS_PER_KEY,
      apiKeys: env.FREE_PLAN_API_KEYS,
    };
    this.plans = new Map([free, ...paidPlans(env)].map((plan) => [plan.id, plan]));
    this.boostsById = new Map(boostProducts(env).map((boost) => [boost.id, boost]));
  }

  all(): Plan[] {
    return [...this.plans.values()];
  }

  boosts(): BoostProduct[] {
    return [...this.boostsById.values()];
  }

  /** The plan with this id; an id no longer offered falls back to `free`. */
  planOf(id: string): Plan {
    const plan = this.plans.get(id) ?? this.plans.get(FREE_PLAN_ID);
    if (!plan) throw new Error('the free plan is missing from the catalogue');
    return plan;
  }

  /** A plan sold by subscription, or undefined (unknown id, or `free`). */
  paidPlan(id: string): Plan | undefined {
    const plan = this.plans.get(id);
    return plan?.stripePriceId ? plan : undefined;
  }

  boost(id: string): BoostProduct | undefined {
    return this.boostsById.get(id);
  }

  /** The paid plan a Stripe price belongs to. */
  planByPrice(priceId: string): Plan | undefined {
    return this.all().find((plan) => plan.stripePriceId === priceId);
  }

  boostByPrice(priceId: string): BoostProduct | undefined {
    return this.boosts().find((boost) => boost.stripePriceId === priceId);
  }
}
