import type {
  CheckoutSession,
  Customer,
  Invoice,
  PaymentIntent,
  PortalSession,
  Price,
  Product,
  StripeEvent,
  Subscription,
  WebhookEndpoint,
} from './objects';
import { type PriceSpec, toPrice, toProduct } from './price-catalogue';
import type { InvoicePayment, Refund } from './payment-objects';
import type { SubscriptionSchedule } from './schedule-objects';
import type { SimClock } from './sim-clock';

/** Every object the simulator holds, in memory, by id (maps keep creation order, oldest first). */
export class Ledger {
  readonly customers = new Map<string, Customer>();
  readonly prices = new Map<string, Price>();
  readonly products = new Map<string, Product>();
  readonly sessions = new Map<string, CheckoutSession>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly schedules = new Map<string, SubscriptionSchedule>();
  readonly invoices = new Map<string, Invoice>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly invoicePayments = new Map<string, InvoicePayment>();
  readonly refunds = new Map<string, Refund>();
  readonly portalSessions = new Map<string, PortalSession>();
  readonly webhookEndpoints = new Map<string, WebhookEndpoint>();
  readonly events = new Map<string, StripeEvent>();

  constructor(
    readonly clock: SimClock,
    private readonly catalogue: readonly PriceSpec[],
    /** Base URL of the hosted pages (invoices link to theirs), known once the server listens. */
    readonly publicUrl: () => string = () => '',
  ) {
    this.loadCatalogue();
  }

  private loadCatalogue(): void {
    const created = this.clock.nowSeconds();
    for (const spec of this.catalogue) {
      this.prices.set(spec.id, toPrice(spec, created));
      if (!this.products.has(spec.product)) this.products.set(spec.product, toProduct(spec, created));
    }
  }

  /** Any object by id, for `expand[]`. */
  find(id: string): object | undefined {
    for (const map of this.collections()) {
      const found = map.get(id);
      if (found) return found;
    }
    return undefined;
  }

  private collections(): ReadonlyMap<string, object>[] {
    return [
      this.customers,
      this.prices,
      this.products,
      this.sessions,
      this.subscriptions,
      this.schedules,
      this.invoices,
      this.paymentIntents,
      this.invoicePayments,
      this.refunds,
      this.portalSessions,
      this.webhookEndpoints,
      this.events,
    ];
  }

  /** Forgets everything made since start; the catalogue and the clock return to their start. */
  reset(): void {
    for (const map of this.collections()) (map as Map<string, object>).clear();
    this.clock.reset();
    this.loadCatalogue();
  }
}
