import type Stripe from 'stripe';
import { PAYING } from './subscription-state';

/**
 * One live subscription per account (CONTRACT section 10): when a customer has more than one paying
 * subscription (two Checkouts both paid), every one but the oldest is cancelled at once and its
 * payments refunded in full. Idempotency keys name the subscription and the invoice, so replicas and
 * repeated webhooks doing the same at the same time cancel and refund once.
 */
export class DuplicateSubscriptions {
  constructor(private readonly stripe: Stripe) {}

  /** Cancels and refunds the extra ones among `subscriptions`; true when it did anything. */
  async endExtra(subscriptions: readonly Stripe.Subscription[]): Promise<boolean> {
    // Stripe lists newest first, so ties of `created` keep Stripe's own order: every replica keeps the same one.
    const paying = subscriptions
      .filter((subscription) => PAYING.has(subscription.status))
      .reverse()
      .sort((a, b) => a.created - b.created);
    const extra = paying.slice(1);
    for (const subscription of extra) await this.cancelAndRefund(subscription.id);
    return extra.length > 0;
  }

  private async cancelAndRefund(subscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.cancel(
      subscriptionId,
      {},
      { idempotencyKey: `pds-extra-${subscriptionId}` },
    );
    const paid = await this.stripe.invoices.list({
      subscription: subscriptionId,
      status: 'paid',
      limit: 100,
    });
    for (const invoice of paid.data) {
      if (!invoice.id || invoice.amount_paid === 0) continue;
      const payments = await this.stripe.invoicePayments.list({ invoice: invoice.id, limit: 10 });
      for (const payment of payments.data) {
        const intent = payment.payment.payment_intent;
        const intentId = typeof intent === 'string' ? intent : intent?.id;
        if (intentId)
          await this.stripe.refunds.create(
            { payment_intent: intentId, reason: 'duplicate' },
            { idempotencyKey: `pds-refund-${intentId}` },
          );
      }
    }
  }
}
