import type { EventLog } from '../ledger/event-log';
import type { Ledger } from '../ledger/ledger';
import type { CheckoutSession, Price } from '../ledger/objects';
import { newCustomer, newPaymentIntent, newSubscription } from './billing-objects';
import { InvoicePayments } from './invoice-payments';
import { Invoicing } from './invoicing';

/** What paying on the hosted Checkout page does, in Stripe's order of objects and events. */
export class CheckoutCompletion {
  private readonly invoicing: Invoicing;
  private readonly payments: InvoicePayments;

  constructor(
    private readonly ledger: Ledger,
    private readonly events: EventLog,
  ) {
    this.invoicing = new Invoicing(ledger);
    this.payments = new InvoicePayments(ledger, events);
  }

  /** Pays an open session; a session already complete is left as it is (a second click, a reload). */
  pay(session: CheckoutSession): void {
    if (session.status !== 'open') return;
    const now = this.ledger.clock.nowSeconds();
    // A subscription needs a customer; a one-time payment without one stays a guest payment.
    if (session.mode === 'subscription') {
      session.customer ??= this.createCustomer(session, now);
      this.startSubscription(session, session.customer, now);
    } else this.takePayment(session, now);
    const email = session.customer_email ?? this.ledger.customers.get(session.customer ?? '')?.email ?? null;
    session.customer_details = { email, name: null };
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    this.events.publish('checkout.session.completed', session);
  }

  /** Stripe expires an open session on request (or after 24 h); nothing can be paid any more. */
  expire(session: CheckoutSession): void {
    if (session.status !== 'open') return;
    session.status = 'expired';
    session.url = null;
    this.events.publish('checkout.session.expired', session);
  }

  /** Expires every open session whose `expires_at` has passed on the simulator's clock. */
  expireDue(): void {
    const now = this.ledger.clock.nowSeconds();
    for (const session of this.ledger.sessions.values()) {
      if (session.status === 'open' && session.expires_at <= now) this.expire(session);
    }
  }

  private createCustomer(session: CheckoutSession, now: number): string {
    const customer = newCustomer(now, {
      email: session.customer_email,
      name: null,
      description: null,
      metadata: {},
    });
    this.ledger.customers.set(customer.id, customer);
    return customer.id;
  }

  private startSubscription(session: CheckoutSession, customer: string, now: number): void {
    const prices = session._items.map((item) => this.ledger.prices.get(item.price) as Price);
    const subscription = newSubscription(session, customer, prices, now);
    this.ledger.subscriptions.set(subscription.id, subscription);
    const invoice = this.invoicing.issue(subscription, 'subscription_create');
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    // As on Stripe: created `incomplete`, then the first invoice is paid and the subscription activated.
    this.events.publish('customer.subscription.created', subscription);
    invoice.attempt_count = 1;
    invoice.attempted = true;
    this.payments.pay(invoice, now);
    subscription.status = 'active';
    this.events.publish('invoice.paid', invoice);
    this.events.publish('customer.subscription.updated', subscription, { status: 'incomplete' });
  }

  private takePayment(session: CheckoutSession, now: number): void {
    const intent = newPaymentIntent(session, now);
    this.ledger.paymentIntents.set(intent.id, intent);
    session.payment_intent = intent.id;
    this.events.publish('payment_intent.succeeded', intent);
  }
}
