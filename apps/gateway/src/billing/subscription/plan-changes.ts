import { Inject, Injectable } from '@nestjs/common';
import { customerMove, type CustomerMove, type SubscriptionSummary } from '@pds/billing';
import { ApiException } from '../../errors/api-exception';
import { fromStorage } from '../../errors/storage-unavailable.error';
import type { Plan } from '../../entitlements';
import { fromStripe } from '../stripe/stripe-call';
import { STRIPE_SYNC, type StripeSyncClient } from '../stripe/stripe-sync.provider';
import {
  AccountSubscription,
  type ChangeableSubscription,
  noLiveSubscription,
  pastDue,
} from './account-subscription';
import { PlanChangeQuotes } from './plan-change-quotes';
import { itemOf, StripePlanMoves } from './stripe-plan-moves';

/** What a plan change leaves: the plan now and the subscription as Stripe has it after the change. */
export interface PlanChangeResult {
  readonly plan: string;
  readonly subscription: SubscriptionSummary;
}

/**
 * POST /api/v1/billing/subscription (CONTRACT section 10): the account's live subscription moves to
 * another plan through Stripe, then the account is synced from Stripe at once (the webhook that
 * follows changes nothing more). An upgrade applies only once its prorated charge is paid (402 when
 * declined); asking for the current plan while a change is scheduled withdraws it.
 */
@Injectable()
export class PlanChanges {
  constructor(
    @Inject(STRIPE_SYNC) private readonly sync: StripeSyncClient,
    private readonly subscriptions: AccountSubscription,
    private readonly quotes: PlanChangeQuotes,
  ) {}

  async change(accountId: string, planId: string): Promise<PlanChangeResult> {
    const target = this.subscriptions.knownPlan(planId);
    const live = await this.subscriptions.changeable(accountId);
    const move = customerMove(live.state, target.id, this.subscriptions.rank);
    if (move === 'nothing')
      throw ApiException.validation([`plan is already the account's plan (${target.id})`]);
    if (move === 'refused' || move === 'checkout-paid')
      throw move === 'refused' ? pastDue() : noLiveSubscription();
    if (target.id !== live.pendingPlan) await this.move(accountId, live, target, move);
    return this.synced(live.customerId, accountId);
  }

  /**
   * Each move as the billing machine names it. An upgrade is charged before anything scheduled is
   * dropped: a declined one (402) leaves the scheduled change or cancellation as it was. Moves
   * without a charge replace what was scheduled.
   */
  private async move(
    accountId: string,
    live: ChangeableSubscription,
    to: Plan,
    move: CustomerMove,
  ): Promise<void> {
    const moves = new StripePlanMoves(live.stripe);
    if (move === 'upgrade-paid') {
      const quoted = await this.quotedDate(accountId, live, to);
      await moves.upgradeOncePaid(live.subscription, withPrice(to), quoted);
      // The upgrade touched neither the schedule nor the cancellation: what was read still holds.
      return moves.clearPending(live.subscription);
    }
    await moves.clearPending(live.subscription);
    if (move === 'cancel-asked') await moves.endAtPeriodEnd(live.subscription);
    else if (move === 'downgrade-asked')
      await moves.downgradeAtPeriodEnd(live.subscription, withPrice(to).stripePriceId);
  }

  /** The proration date of the preview the account was shown, while it is still in this period. */
  private async quotedDate(
    accountId: string,
    live: ChangeableSubscription,
    to: Plan,
  ): Promise<number | undefined> {
    const item = itemOf(live.subscription);
    const quote = await fromStorage(this.quotes.of(accountId, to.id, item.id));
    return quote && quote.prorationDate >= item.current_period_start ? quote.prorationDate : undefined;
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

function withPrice(plan: Plan): Plan & { stripePriceId: string } {
  if (!plan.stripePriceId) throw new Error(`plan ${plan.id} has no Stripe price`);
  return { ...plan, stripePriceId: plan.stripePriceId };
}
