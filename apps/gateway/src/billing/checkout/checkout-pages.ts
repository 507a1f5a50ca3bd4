import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { GatewayEnvironment } from '../../gateway.environment';
import { ApiException } from '../../errors/api-exception';
import { PlanCatalogue } from '../../entitlements';
import { fromStripe, requireStripe } from '../stripe/stripe-call';
import { STRIPE, type StripeClient } from '../stripe/stripe.provider';
import { StripeCustomers } from './stripe-customers';

/** Who is paying: the signed-in account. */
export interface Payer {
  readonly accountId: string;
  readonly email: string;
}

/**
 * Stripe's hosted pages for an account: Checkout for a plan (subscription) or a boost (one payment),
 * and the customer portal. The session names the account three ways (customer,
 * `client_reference_id`, metadata), so its webhook can always be tied back to it.
 */
@Injectable()
export class CheckoutPages {
  private readonly accountPage: string;

  constructor(
    @Inject(STRIPE) private readonly stripe: StripeClient,
    private readonly customers: StripeCustomers,
    private readonly catalogue: PlanCatalogue,
    env: GatewayEnvironment,
  ) {
    this.accountPage = new URL('/account', env.PUBLIC_BASE_URL).href;
  }

  async subscription(payer: Payer, planId: string): Promise<string> {
    const plan = this.catalogue.paidPlan(planId);
    if (!plan?.stripePriceId) throw ApiException.validation([`plan must be one of ${this.paidPlanIds()}`]);
    const stripe = requireStripe(this.stripe);
    const customer = await this.customers.customerOf(stripe, payer.accountId, payer.email);
    await this.expireOpenSubscriptionCheckouts(stripe, customer);
    const metadata = { accountId: payer.accountId, plan: plan.id };
    const session = await fromStripe(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: payer.accountId,
        line_items: [{ price: plan.stripePriceId, quantity: 1 }],
        metadata,
        subscription_data: { metadata },
        success_url: `${this.accountPage}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${this.accountPage}?checkout=canceled`,
      }),
    );
    return urlOf(session.url);
  }

  /**
   * One live subscription per account (CONTRACT section 10): a new Checkout for a plan expires the
   * earlier ones still open, so only the newest page can be paid. One completed meanwhile is refused
   * by Stripe and left as it is (a second subscription is then cancelled and refunded by the sync).
   */
  private async expireOpenSubscriptionCheckouts(stripe: Stripe, customer: string): Promise<void> {
    const open = await fromStripe(stripe.checkout.sessions.list({ customer, status: 'open', limit: 100 }));
    for (const session of open.data) {
      if (session.mode !== 'subscription') continue;
      try {
        await stripe.checkout.sessions.expire(session.id);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError))
          return fromStripe(Promise.reject(error as Error));
      }
    }
  }

  async boost(payer: Payer, boostId: string): Promise<string> {
    const boost = this.catalogue.boost(boostId);
    if (!boost) throw ApiException.validation([`boost must be one of ${this.boostIds()}`]);
    const stripe = requireStripe(this.stripe);
    const customer = await this.customers.customerOf(stripe, payer.accountId, payer.email);
    const session = await fromStripe(
      stripe.checkout.sessions.create({
        mode: 'payment',
        customer,
        client_reference_id: payer.accountId,
        line_items: [{ price: boost.stripePriceId, quantity: 1 }],
        metadata: { accountId: payer.accountId, boost: boost.id },
        success_url: `${this.accountPage}?boost=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${this.accountPage}?boost=canceled`,
      }),
    );
    return urlOf(session.url);
  }

  async portal(payer: Payer): Promise<string> {
    const stripe = requireStripe(this.stripe);
    const customer = await this.customers.customerOf(stripe, payer.accountId, payer.email);
    const session = await fromStripe(
      // The page tells the person they are back from the portal.
      stripe.billingPortal.sessions.create({ customer, return_url: `${this.accountPage}?portal=return` }),
    );
    return session.url;
  }

  private paidPlanIds(): string {
    return this.catalogue
      .all()
      .filter((plan) => plan.stripePriceId)
      .map((plan) => plan.id)
      .join(', ');
  }

  private boostIds(): string {
    return this.catalogue
      .boosts()
      .map((boost) => boost.id)
      .join(', ');
  }
}

function urlOf(url: string | null): string {
  if (!url) throw ApiException.serviceUnavailable('The payment provider gave no checkout page', 30);
  return url;
}
