import type { EventLog } from '../ledger/event-log';
import type { Ledger } from '../ledger/ledger';
import type { Invoice } from '../ledger/objects';
import { InvoicePayments } from './invoice-payments';

const DAY = 86_400;

/**
 * The retry schedule the simulator runs, in the shape of Stripe's custom retry schedule (Billing →
 * Revenue recovery → Retries: up to 3 retries, each some days after the previous attempt) and its
 * "if all retries for a payment fail" setting for the subscription.
 */
export interface DunningPolicy {
  /** Days after the previous failed attempt at which the invoice is charged again. */
  readonly retryDays: readonly number[];
  /** The subscription once the last retry failed: canceled, `unpaid`, or left `past_due`. */
  readonly whenExhausted: 'cancel' | 'unpaid' | 'past_due';
}

export const DEFAULT_DUNNING: DunningPolicy = { retryDays: [3, 5, 7], whenExhausted: 'cancel' };

/** What one charge of an invoice came to. */
export type ChargeOutcome = 'paid' | 'declined' | 'retries-exhausted';

/**
 * Charges invoices to the customer's card. A card set to decline (the `fail-next-renewal` control)
 * fails every charge until it is fixed (the portal's "Update payment method" or the `fix-card`
 * control); each failure schedules the next retry in `next_payment_attempt`.
 */
export class Charges {
  private readonly decliningCards = new Set<string>();
  private readonly payments: InvoicePayments;

  constructor(
    private readonly ledger: Ledger,
    private readonly events: EventLog,
    readonly policy: DunningPolicy = DEFAULT_DUNNING,
  ) {
    this.payments = new InvoicePayments(ledger, events);
  }

  declineCardOf(customer: string): void {
    this.decliningCards.add(customer);
  }

  fixCardOf(customer: string): void {
    this.decliningCards.delete(customer);
  }

  cardDeclines(customer: string): boolean {
    return this.decliningCards.has(customer);
  }

  /**
   * One attempt: `invoice.paid`, or `invoice.payment_failed` with the next retry (none once
   * exhausted). `retries: false` for an invoice no schedule retries (a pending update's proration).
   */
  attempt(invoice: Invoice, retries = true): ChargeOutcome {
    const now = this.ledger.clock.nowSeconds();
    invoice.attempt_count += 1;
    invoice.attempted = true;
    if (invoice.amount_due === 0 || !this.decliningCards.has(invoice.customer)) {
      this.payments.pay(invoice, now);
      this.events.publish('invoice.paid', invoice);
      return 'paid';
    }
    const retryInDays = retries ? this.policy.retryDays[invoice.attempt_count - 1] : undefined;
    invoice.next_payment_attempt = retryInDays === undefined ? null : now + retryInDays * DAY;
    this.events.publish('invoice.payment_failed', invoice);
    return retryInDays === undefined ? 'retries-exhausted' : 'declined';
  }

  /** The open invoice whose retry comes first, if it is due by `seconds`. */
  firstRetryDue(seconds: number, isLive: (subscription: string) => boolean): Invoice | undefined {
    return [...this.ledger.invoices.values()]
      .filter(
        (invoice) =>
          invoice.status === 'open' &&
          invoice.next_payment_attempt !== null &&
          invoice.next_payment_attempt <= seconds &&
          isLive(invoice.parent.subscription_details.subscription),
      )
      .sort((a, b) => (a.next_payment_attempt ?? 0) - (b.next_payment_attempt ?? 0))[0];
  }

  reset(): void {
    this.decliningCards.clear();
  }
}
