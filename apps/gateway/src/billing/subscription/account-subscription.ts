import { Inject, Injectable } from '@nestjs/common';
import {
  AccountBilling,
  type BillingState,
  billingStateOf,
  currentSubscription,
  phaseOf,
  SUBSCRIPTION_EXPANSIONS,
} from '@pds/billing';
import type Stripe from 'stripe';
import { ApiException } from '../../errors/api-exception';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { type Plan, PlanCatalogue } from '../../entitlements';
import { fromStripe, requireStripe } from '../stripe/stripe-call';
import { STRIPE, type StripeClient } from '../stripe/stripe.provider';

/** Statuses of a subscription that still gives its plan. */
const LIVE: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** The account's subscription as a plan change needs it: Stripe's object and the state it gives. */
export interface ChangeableSubscription {
  readonly stripe: Stripe;
  readonly customerId: string;
  readonly subscription: Stripe.Subscription;
  readonly state: BillingState;
  readonly current: Plan;
  /** The plan the subscription moves to at the period end, if a change is scheduled. */
  readonly pendingPlan: string | null;
}

/**
 * What a plan change (or its preview) may start from (CONTRACT section 10): a known plan, and a live
 * subscription that is not past due: 409 without one (use checkout), 409 while a payment is past due
 * (fix it first: a change must not stack a new charge on an unpaid one).
 */
@Injectable()
export class AccountSubscription {
  constructor(
    @Inject(STRIPE) private readonly stripe: StripeClient,
    private readonly billing: AccountBilling,
    private readonly catalogue: PlanCatalogue,
  ) {}

  knownPlan(planId: string): Plan {
    const plan = this.catalogue.all().find((candidate) => candidate.id === planId);
    if (!plan) {
      const ids = this.catalogue.all().map((candidate) => candidate.id);
      throw ApiException.validation([`plan must be one of ${ids.join(', ')}`]);
    }
    return plan;
  }

  /** The catalogue lists plans from the cheapest up: a later plan is an upgrade. */
  isUpgrade(from: Plan, to: Plan): boolean {
    return this.rank(to.id) > this.rank(from.id);
  }

  /** A plan's place in the catalogue, cheapest first. */
  readonly rank = (planId: string): number => this.catalogue.all().findIndex((plan) => plan.id === planId);

  async changeable(accountId: string): Promise<ChangeableSubscription> {
    const stripe = requireStripe(this.stripe);
    const customerId = await fromStorage(this.billing.customerOfAccount(accountId));
    const subscription = customerId ? await this.liveSubscription(stripe, customerId) : undefined;
    if (!customerId || !subscription) throw noLiveSubscription();
    const state = billingStateOf(subscription, this.catalogue);
    if (phaseOf(state) === 'past_due') throw pastDue();
    const current = this.catalogue.planOf(state.plan);
    return {
      stripe,
      customerId,
      subscription,
      state,
      current,
      pendingPlan: state.subscription?.pendingPlan ?? null,
    };
  }

  private async liveSubscription(
    stripe: Stripe,
    customerId: string,
  ): Promise<Stripe.Subscription | undefined> {
    const list = await fromStripe(
      stripe.subscriptions.list({
        customer: customerId,
        status: 'all',
        limit: 20,
        expand: SUBSCRIPTION_EXPANSIONS,
      }),
    );
    const current = currentSubscription(list.data);
    return current && LIVE.has(current.status) ? current : undefined;
  }
}

/** 409: a change must not stack a new charge on an unpaid one. */
export function pastDue(): ApiException {
  return ApiException.conflict(
    'A payment of the subscription is past due; fix the payment in the billing portal first',
  );
}

/** 409: nothing to change; a plan starts with Checkout. */
export function noLiveSubscription(): ApiException {
  return ApiException.conflict(
    'The account has no live subscription to change; subscribe with POST /api/v1/billing/checkout',
  );
}
