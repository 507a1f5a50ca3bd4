import { StripeError } from '../wire/stripe-error';
import { previewInvoice } from './invoice-preview';
import type { PriceChange } from './plan-change';
import { PENDING_UPDATE_LIFETIME_SECONDS } from './pending-updates';
import { setUpBilling } from './test/billing-setup';

/** Pro bought, then a change to Business half-way through the period, applied only once paid. */
function setUp() {
  const billing = setUpBilling();
  const subscription = billing.subscribe();
  billing.types();
  const item = subscription.items.data[0]!;
  billing.ledger.clock.advanceTo((item.current_period_start + item.current_period_end) / 2);
  const change: PriceChange = {
    item,
    price: billing.ledger.prices.get('price_business_monthly')!,
    quantity: 1,
    proration: 'always_invoice',
    paymentBehavior: 'pending_if_incomplete',
  };
  return { ...billing, subscription, item, change };
}

function errorOf(run: () => void): StripeError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof StripeError) return error;
    throw error;
  }
  return undefined;
}

describe('pending updates (payment_behavior: pending_if_incomplete)', () => {
  it('should apply the new price at once when the proration invoice is paid', () => {
    const { planChange, ledger, subscription, item, change, types } = setUp();
    planChange.changePrice(subscription, change);
    expect(item.price.id).toBe('price_business_monthly');
    expect(subscription.pending_update).toBeNull();
    expect(ledger.invoices.get(subscription.latest_invoice!)).toMatchObject({
      status: 'paid',
      amount_paid: 2000,
    });
    expect(types()).toEqual(['invoice.paid', 'customer.subscription.updated']);
  });

  it('should answer 402 card_declined and keep the old price while the change waits in pending_update', () => {
    const { planChange, ledger, lifecycle, subscription, item, change, types } = setUp();
    lifecycle.failNextRenewal(subscription);
    const error = errorOf(() => {
      planChange.changePrice(subscription, change);
    });
    expect(error).toMatchObject({ status: 402 });
    expect(error?.body.error).toMatchObject({ type: 'card_error', code: 'card_declined' });
    expect(item.price.id).toBe('price_pro_monthly');
    expect(subscription.status).toBe('active');
    const now = ledger.clock.nowSeconds();
    expect(subscription.pending_update).toMatchObject({
      expires_at: now + PENDING_UPDATE_LIFETIME_SECONDS,
      subscription_items: [{ id: item.id, price: { id: 'price_business_monthly' } }],
    });
    // Not retried by the dunning schedule: the change needs the customer's card fixed.
    expect(ledger.invoices.get(subscription.latest_invoice!)).toMatchObject({
      status: 'open',
      next_payment_attempt: null,
    });
    expect(types()).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
  });

  it('should cancel the waiting change when its invoice is voided, so a fixed card never charges it', () => {
    const { planChange, ledger, lifecycle, pending, subscription, item, change } = setUp();
    lifecycle.failNextRenewal(subscription);
    errorOf(() => {
      planChange.changePrice(subscription, change);
    });
    const invoice = ledger.invoices.get(subscription.latest_invoice!)!;
    pending.voidOnRequest(invoice);
    expect(subscription.pending_update).toBeNull();
    expect(invoice.status).toBe('void');
    lifecycle.fixCardOf(subscription.customer);
    expect(invoice.status).toBe('void');
    expect(item.price.id).toBe('price_pro_monthly');
  });

  it('should apply the waiting change once a fixed card pays its invoice', () => {
    const { planChange, ledger, lifecycle, subscription, item, change, types } = setUp();
    lifecycle.failNextRenewal(subscription);
    errorOf(() => {
      planChange.changePrice(subscription, change);
    });
    types();
    lifecycle.fixCardOf(subscription.customer);
    expect(item.price.id).toBe('price_business_monthly');
    expect(subscription.pending_update).toBeNull();
    expect(ledger.invoices.get(subscription.latest_invoice!)?.status).toBe('paid');
    expect(types()).toEqual([
      'invoice.paid',
      'customer.subscription.pending_update_applied',
      'customer.subscription.updated',
    ]);
  });

  it('should discard the change at expires_at and void its unpaid invoice', () => {
    const { planChange, ledger, lifecycle, subscription, item, change, types } = setUp();
    lifecycle.failNextRenewal(subscription);
    errorOf(() => {
      planChange.changePrice(subscription, change);
    });
    const invoice = ledger.invoices.get(subscription.latest_invoice!)!;
    types();
    lifecycle.advanceTo(subscription.pending_update!.expires_at);
    expect(subscription.pending_update).toBeNull();
    expect(item.price.id).toBe('price_pro_monthly');
    expect(invoice.status).toBe('void');
    expect(types()).toEqual([
      'customer.subscription.pending_update_expired',
      'customer.subscription.updated',
      'invoice.voided',
    ]);
  });

  it('should preview the same amount as the invoice the change then issues at that proration date', () => {
    const { planChange, ledger, subscription, change } = setUp();
    const preview = previewInvoice(ledger, subscription, change);
    const at = preview.parent.subscription_details.subscription_proration_date;
    ledger.clock.advanceTo(ledger.clock.nowSeconds() + 7);
    planChange.changePrice(subscription, { ...change, prorationDate: at });
    const charged = ledger.invoices.get(subscription.latest_invoice!)!;
    expect(preview.amount_due).toBeGreaterThan(0);
    expect(charged.amount_due).toBe(preview.amount_due);
    expect(preview).toMatchObject({ status: 'draft', number: null, billing_reason: 'upcoming' });
  });
});
