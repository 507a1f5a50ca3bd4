import { Inject, Injectable } from '@nestjs/common';
import {
  AccountBilling,
  billingStateOf,
  currentSubscription,
  type SubscriptionSummary,
} from '@pds/entitlements';
import type Stripe from 'stripe';
import { ApiException } from '../../errors/api-exception';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { FREE_PLAN_ID, type Plan, PlanCatalogue } from '../../entitlements';
import { fromStripe, requireStripe } from '../stripe/stripe-call';
import { STRIPE, type StripeClient } from '../stripe/stripe.provider';
import { STRIPE_SYNC, type StripeSyncClient } from '../stripe/stripe-sync.provider';
import { StripePlanMoves } from './stripe-plan-moves';

/** Statuses of a subscription whose plan can be changed (it still gives its plan). */
const LIVE: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** What a plan change leaves: the plan now and the subscription as Stripe has it after the change. */
export interface PlanChangeResult {
  readonly plan: string;
  readonly subscription: SubscriptionSummary;
}

/**
 * POST /api/v1/billing/subscription (CONTRACT section 10): the account's live subscription moves to
 * another plan through Stripe, then the account is synced from Stripe at once (the webhook that
 * follows changes nothing more). Asking for the current plan while a change is planned withdraws it.
 */
@Injectable()
export class PlanChanges {
  constructor(
    @Inject(STRIPE) private readonly stripe: StripeClient,
    @Inject(STRIPE_SYNC) private readonly sync: StripeSyncClient,
    private readonly billing: AccountBilling,
    private readonly catalogue: PlanCatalogue,
  ) {}

  async change(accountId: string, planId: string): Promise<PlanChangeResult> {
    const target = this.knownPlan(planId);
    const stripe = requireStripe(this.stripe);
    const customerId = await fromStorage(this.billing.customerOfAccount(accountId));
    const subscription = customerId ? await this.liveSubscription(stripe, customerId) : undefined;
    if (!customerId || !subscription)
      throw ApiException.conflict(
        'The account has no live subscription to change; subscribe with POST /api/v1/billing/checkout',
      );
    const state = billingStateOf(subscription, this.catalogue);
    const pending = state.subscription?.pendingPlan ?? null;
    if (target.id === state.plan && pending === null)
      throw ApiException.validation([`plan is already the account's plan (${target.id})`]);
    if (target.id !== pending)
      await this.move(stripe, subscription, this.catalogue.planOf(state.plan), target);
    return this.synced(customerId, accountId);
  }

  private knownPlan(planId: string): Plan {
    const plan = this.catalogue.all().find((candidate) => candidate.id === planId);
    if (!plan) {
      const ids = this.catalogue.all().map((candidate) => candidate.id);
      throw ApiException.validation([`plan must be one of ${ids.join(', ')}`]);
    }
    return plan;
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
        expand: ['data.schedule'],
      }),
    );
    const current = currentSubscription(list.data);
    return current && LIVE.has(current.status) ? current : undefined;
  }

  /** The catalogue lists plans from the cheapest up: a later plan is an upgrade. */
  private isUpgrade(from: Plan, to: Plan): boolean {
    const plans = this.catalogue.all();
    return plans.indexOf(to) > plans.indexOf(from);
  }

  private async move(stripe: Stripe, subscription: Stripe.Subscription, from: Plan, to: Plan): Promise<void> {
    const moves = new StripePlanMoves(stripe);
    await moves.clearPending(subscription);
    if (to.id === from.id) return;
    if (to.id === FREE_PLAN_ID) await moves.endAtPeriodEnd(subscription);
    else if (!to.stripePriceId) throw new Error(`plan ${to.id} has no Stripe price`);
    else if (this.isUpgrade(from, to)) await moves.upgradeNow(subscription, to.stripePriceId);
    else await moves.downgradeAtPeriodEnd(subscription, to.stripePriceId);
  }

  private async synced(customerId: string, accountId: string): Promise<PlanChangeResult> {
    const state = this.sync
      ? (await fromStorage(fromStripe(this.sync.syncCustomer(customerId, accountId)))).state
      : undefined;
    if (!state?.subscription)
      throw ApiException.serviceUnavailable('The payment provider is unavailable', 30);
    return { plan: state.plan, subscription: state.subscription };
  }
}
