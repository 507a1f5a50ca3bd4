import { Injectable } from '@nestjs/common';
import { ApiException } from '../../errors/api-exception';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { FREE_PLAN_ID, type Plan } from '../../entitlements';
import { minorUnitsToDecimal } from '../invoices/minor-units';
import { fromStripe } from '../stripe/stripe-call';
import { AccountSubscription, type ChangeableSubscription } from './account-subscription';
import { PlanChangeQuotes } from './plan-change-quotes';
import { itemOf } from './stripe-plan-moves';

/** GET /api/v1/billing/subscription/preview: what a change to a plan charges now, and when it applies. */
export interface PlanChangePreviewView {
  readonly plan: string;
  readonly amountDue: string;
  readonly currency: string;
  readonly effective: 'now' | 'period_end';
  /** ISO 8601: the moment the charge is computed at (now), or the period end. */
  readonly at: string;
}

const isoOf = (seconds: number): string => new Date(seconds * 1000).toISOString();

/**
 * The preview of a plan change (CONTRACT section 10): an upgrade's prorated charge from Stripe's
 * invoice preview (`invoices.createPreview` with the same items and `always_invoice`), remembered
 * with Stripe's proration date so the change then charges that amount; a downgrade or `free`
 * charges nothing now and applies at the period end; the current plan withdraws a scheduled change.
 */
@Injectable()
export class PlanChangePreview {
  constructor(
    private readonly subscriptions: AccountSubscription,
    private readonly quotes: PlanChangeQuotes,
  ) {}

  async preview(accountId: string, planId: string): Promise<PlanChangePreviewView> {
    const target = this.subscriptions.knownPlan(planId);
    const live = await this.subscriptions.changeable(accountId);
    const { currency } = live.subscription;
    const nothing = { plan: target.id, amountDue: minorUnitsToDecimal(0, currency), currency };
    if (target.id === live.current.id) {
      if (live.pendingPlan === null)
        throw ApiException.validation([`plan is already the account's plan (${target.id})`]);
      return { ...nothing, effective: 'now', at: new Date().toISOString() };
    }
    if (target.id === FREE_PLAN_ID || !this.subscriptions.isUpgrade(live.current, target))
      return { ...nothing, effective: 'period_end', at: isoOf(itemOf(live.subscription).current_period_end) };
    return this.upgrade(accountId, live, target);
  }

  private async upgrade(
    accountId: string,
    live: ChangeableSubscription,
    to: Plan,
  ): Promise<PlanChangePreviewView> {
    const item = itemOf(live.subscription);
    const invoice = await fromStripe(
      live.stripe.invoices.createPreview({
        customer: live.customerId,
        subscription: live.subscription.id,
        subscription_details: {
          items: [{ id: item.id, price: to.stripePriceId }],
          proration_behavior: 'always_invoice',
        },
      }),
    );
    const prorationDate =
      invoice.parent?.subscription_details?.subscription_proration_date ?? Math.floor(Date.now() / 1000);
    await fromStorage(
      this.quotes.remember(accountId, { plan: to.id, subscriptionItem: item.id, prorationDate }),
    );
    return {
      plan: to.id,
      amountDue: minorUnitsToDecimal(invoice.amount_due, invoice.currency),
      currency: invoice.currency,
      effective: 'now',
      at: isoOf(prorationDate),
    };
  }
}
