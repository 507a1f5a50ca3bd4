import Stripe from 'stripe';
import {
  type AccountBilling,
  type EventMarker,
  type EventWrite,
  type PaidBoost,
  RECONCILE_LOOK_BACK_SECONDS,
} from './account-billing';
import { DuplicateSubscriptions } from './duplicate-subscriptions';
import {
  type BillingState,
  billingStateOf,
  currentSubscription,
  type PlanPrices,
} from './subscription-state';

/** The plan catalogue as billing reads it: which plan or boost a Stripe price sells. */
export interface PriceCatalogue extends PlanPrices {
  boostByPrice(priceId: string): PaidBoost | undefined;
}

/** What a webhook event came to: a write made now or by an earlier delivery, or nothing to write. */
export type EventOutcome = EventWrite | 'nothing-to-write';

/** A customer read from Stripe: the state applied (none when no account is known) and the write's outcome. */
export interface CustomerSync {
  readonly state: BillingState | undefined;
  readonly outcome: EventOutcome;
}

/**
 * What a subscription is read with: the schedule tells a downgrade waiting for the period end, the
 * latest invoice a plan change whose charge is still unpaid.
 */
export const SUBSCRIPTION_EXPANSIONS = ['data.schedule', 'data.latest_invoice'];

/** Statuses of a subscription whose paid plan has ended (the account is on free). */
const ENDED: ReadonlySet<string> = new Set(['canceled', 'unpaid', 'incomplete_expired']);

function idOf(value: string | { id: string } | null): string | undefined {
  return typeof value === 'string' ? value : (value?.id ?? undefined);
}

/**
 * Makes an account match what Stripe says now, whatever told us to look (a webhook, in any order
 * and any number of times, or the reconciliation): it reads the current state from Stripe instead
 * of trusting an event's copy, and grants a paid boost once per Checkout session.
 */
export class StripeSync {
  private readonly duplicates: DuplicateSubscriptions;

  constructor(
    private readonly stripe: Stripe,
    private readonly billing: AccountBilling,
    private readonly catalogue: PriceCatalogue,
  ) {
    this.duplicates = new DuplicateSubscriptions(stripe);
  }

  /**
   * Re-reads the customer's subscriptions and sets the account's plan from the current one, answering
   * the state applied; `event` marks the write as that webhook's (applied once).
   */
  async syncCustomer(customerId: string, accountHint?: string, event?: EventMarker): Promise<CustomerSync> {
    const accountId = (await this.billing.accountOfCustomer(customerId)) ?? accountHint;
    if (!accountId) return { state: undefined, outcome: 'nothing-to-write' };
    let readAt = Date.now();
    let subscriptions = await this.subscriptionsOf(customerId);
    if (await this.duplicates.endExtra(subscriptions.data)) {
      readAt = Date.now();
      subscriptions = await this.subscriptionsOf(customerId);
    }
    const current = currentSubscription(subscriptions.data);
    const state = billingStateOf(current, this.catalogue);
    const outcome = await this.billing.applyBillingState(accountId, state, readAt, event);
    if (current && ENDED.has(current.status)) await this.voidUnpaid(current.id);
    return { state, outcome };
  }

  private subscriptionsOf(customerId: string): Promise<Stripe.ApiList<Stripe.Subscription>> {
    return this.stripe.subscriptions.list({
      customer: customerId,
      status: 'all',
      limit: 20,
      expand: SUBSCRIPTION_EXPANSIONS,
    });
  }

  /**
   * A paid plan that has ended owes nothing more: its open invoices are voided (CONTRACT section
   * 10). Only open ones are listed, so a second look (a repeated webhook, the reconciliation) finds
   * none; one voided meanwhile by another replica is refused by Stripe and left as it is.
   */
  private async voidUnpaid(subscriptionId: string): Promise<void> {
    const open = await this.stripe.invoices.list({
      subscription: subscriptionId,
      status: 'open',
      limit: 100,
    });
    for (const invoice of open.data) {
      try {
        await this.stripe.invoices.voidInvoice(invoice.id);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    }
  }

  /** A completed Checkout session: the subscription it started, or the boost it paid for. */
  async syncCheckoutSession(sessionId: string, event?: EventMarker): Promise<EventOutcome> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionId);
    const accountId = session.client_reference_id ?? session.metadata?.accountId ?? undefined;
    const customerId = idOf(session.customer);
    if (session.mode === 'subscription' && customerId) {
      return (await this.syncCustomer(customerId, accountId, event)).outcome;
    }
    if (session.mode !== 'payment' || session.payment_status !== 'paid' || !accountId) {
      return 'nothing-to-write';
    }
    const lineItems = await this.stripe.checkout.sessions.listLineItems(sessionId, { limit: 10 });
    const boost = lineItems.data
      .map((item) => (item.price ? this.catalogue.boostByPrice(item.price.id) : undefined))
      .find((paid) => paid !== undefined);
    return boost ? this.billing.grantPaidBoost(accountId, session.id, boost, event) : 'nothing-to-write';
  }

  /**
   * What a lost webhook may have left wrong for one account: its plan from the customer's current
   * subscriptions, and any boost paid through Checkout in the last `lookBackSeconds` (granted once).
   */
  async reconcileAccount(accountId: string, lookBackSeconds = RECONCILE_LOOK_BACK_SECONDS): Promise<void> {
    const customerId = await this.billing.customerOfAccount(accountId);
    if (!customerId) return;
    await this.syncCustomer(customerId, accountId);
    const since = Math.floor(Date.now() / 1000) - lookBackSeconds;
    const sessions = await this.stripe.checkout.sessions.list({
      customer: customerId,
      status: 'complete',
      created: { gte: since },
      limit: 100,
    });
    for (const session of sessions.data) {
      if (session.mode === 'payment' && session.payment_status === 'paid')
        await this.syncCheckoutSession(session.id);
    }
  }

  /**
   * Applies what one webhook event is about, its write marked with `marker` so that a second
   * delivery of the event, even one running at the same moment, writes nothing.
   */
  async applyEvent(event: Stripe.Event, marker: EventMarker): Promise<EventOutcome> {
    const object = event.data.object as unknown as Record<string, unknown>;
    if (event.type.startsWith('checkout.session.')) {
      return this.syncCheckoutSession(String(object.id), marker);
    }
    if (
      event.type.startsWith('customer.subscription.') ||
      event.type.startsWith('invoice.') ||
      event.type.startsWith('subscription_schedule.')
    ) {
      const customerId = idOf(object.customer as string | { id: string } | null);
      const metadata = object.metadata as Record<string, string> | undefined;
      if (customerId) return (await this.syncCustomer(customerId, metadata?.accountId, marker)).outcome;
    }
    return 'nothing-to-write';
  }
}
