import { Inject, Injectable } from '@nestjs/common';
import { AccountBilling } from '@pds/billing';
import { REDIS_COMMAND, type RedisClient, RedisKeys } from '@pds/redis';
import type Stripe from 'stripe';
import { type AccountRecord, AccountStore } from '../../accounts';
import { PlanCatalogue } from '../../entitlements';
import { minorUnitsToDecimal } from '../invoices/minor-units';
import { BillingMails } from './billing-mails';

/** A mail's once-marker outlives Stripe's three days of webhook retries by far. */
const MAIL_MEMORY_SECONDS = 30 * 86_400;

function idOf(value: string | { id: string } | null): string | undefined {
  return typeof value === 'string' ? value : value?.id;
}

/**
 * Mails the owner on the billing events CONTRACT section 10 names: a declined renewal (once per
 * invoice, however many retries fail) and the end of a paid plan (once per subscription). Driven by
 * the webhook, after its change is applied.
 */
@Injectable()
export class BillingNotices {
  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly billing: AccountBilling,
    private readonly accounts: AccountStore,
    private readonly catalogue: PlanCatalogue,
    private readonly mails: BillingMails,
  ) {}

  async after(event: Stripe.Event): Promise<void> {
    if (event.type === 'invoice.payment_failed') await this.paymentFailed(event.data.object);
    else if (event.type === 'customer.subscription.deleted') await this.planEnded(event.data.object);
  }

  private async paymentFailed(invoice: Stripe.Invoice): Promise<void> {
    // A declined upgrade was answered at once (402) to the person who asked, and changed nothing:
    // there is no renewal to rescue, so no mail.
    if (invoice.billing_reason === 'subscription_update') return;
    const account = await this.ownerOf(idOf(invoice.customer));
    const priceId = invoice.lines.data[invoice.lines.data.length - 1]?.pricing?.price_details?.price;
    const plan = typeof priceId === 'string' ? this.catalogue.planByPrice(priceId) : undefined;
    if (!account || !invoice.id || !(await this.firstTime('payment-failed', invoice.id))) return;
    this.mails.paymentFailed(account, {
      planName: plan?.name ?? this.catalogue.planOf(account.plan).name,
      invoiceNumber: invoice.number,
      amount: minorUnitsToDecimal(invoice.amount_due, invoice.currency),
      currency: invoice.currency,
      nextAttempt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
    });
  }

  private async planEnded(subscription: Stripe.Subscription): Promise<void> {
    const priceId = subscription.items.data[0]?.price.id;
    const plan = priceId ? this.catalogue.planByPrice(priceId) : undefined;
    if (!plan) return;
    const account = await this.ownerOf(idOf(subscription.customer));
    if (!account || !(await this.firstTime('plan-ended', subscription.id))) return;
    const unpaid = subscription.cancellation_details?.reason === 'payment_failed';
    this.mails.planEnded(account, plan.name, unpaid);
  }

  private async ownerOf(customerId: string | undefined): Promise<AccountRecord | undefined> {
    const accountId = customerId ? await this.billing.accountOfCustomer(customerId) : undefined;
    return accountId ? this.accounts.findById(accountId) : undefined;
  }

  /** True for the first caller only: the marker is set atomically. */
  private async firstTime(kind: string, objectId: string): Promise<boolean> {
    const set = await this.redis.set(
      this.keys.billingMailSent(kind, objectId),
      '1',
      'EX',
      MAIL_MEMORY_SECONDS,
      'NX',
    );
    return set === 'OK';
  }
}
