/** The Stripe objects the simulator keeps, with the fields of API version 2026-10-28 it fills in. */
export type Metadata = Record<string, string>;

export interface StripeObjectBase {
  id: string;
  created: number;
  livemode: false;
}

export interface Customer extends StripeObjectBase {
  object: 'customer';
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Metadata;
  balance: number;
  currency: string | null;
  delinquent: boolean;
  invoice_prefix: string;
}

export type RecurringInterval = 'day' | 'week' | 'month' | 'year';

export interface Price extends StripeObjectBase {
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  currency: string;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: {
    interval: RecurringInterval;
    interval_count: 1;
    usage_type: 'licensed';
    meter: null;
    trial_period_days: null;
  } | null;
  tax_behavior: 'unspecified';
  type: 'recurring' | 'one_time';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface Product extends StripeObjectBase {
  object: 'product';
  active: boolean;
  name: string;
  description: string | null;
  metadata: Metadata;
  default_price: string;
  type: 'service';
  updated: number;
}

export interface CheckoutSession extends StripeObjectBase {
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  currency: string;
  customer: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  line_items?: unknown;
  metadata: Metadata;
  mode: 'subscription' | 'payment';
  payment_intent: string | null;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  success_url: string | null;
  ui_mode: 'hosted';
  url: string | null;
  /** Not a Stripe field: what the hosted page sells; removed from every answer. */
  _items: LineItem[];
  _subscriptionMetadata: Metadata;
}

export interface LineItem {
  price: string;
  quantity: number;
}

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'trialing';

export interface SubscriptionItem extends StripeObjectBase {
  object: 'subscription_item';
  current_period_start: number;
  current_period_end: number;
  metadata: Metadata;
  price: Price;
  quantity: number;
  subscription: string;
}

/** Stripe's `subscription.pending_update`: what applies once the latest invoice is paid. */
export interface PendingUpdate {
  billing_cycle_anchor: null;
  cancel_at_period_end: null;
  discount: null;
  discounts: null;
  expires_at: number;
  metadata: null;
  subscription_items: SubscriptionItem[];
  trial_end: null;
  trial_from_plan: null;
}

export interface Subscription extends StripeObjectBase {
  object: 'subscription';
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: {
    comment: null;
    feedback: null;
    reason: 'cancellation_requested' | 'payment_failed' | null;
  };
  collection_method: 'charge_automatically';
  currency: string;
  customer: string;
  ended_at: number | null;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
  latest_invoice: string | null;
  metadata: Metadata;
  /**
   * A price change held until its proration invoice (`latest_invoice`) is paid
   * (`payment_behavior: pending_if_incomplete`); null when none waits.
   */
  pending_update: PendingUpdate | null;
  /** The subscription schedule managing it (a change planned for a later phase), if any. */
  schedule: string | null;
  start_date: number;
  status: SubscriptionStatus;
  trial_end: null;
  trial_start: null;
  /** Not a Stripe field: prorations made with `create_prorations`, added to the next renewal invoice. */
  _pendingLines?: InvoiceLine[];
}

export interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  period: { start: number; end: number };
  /** Set on the credit and charge lines of a mid-period plan change. */
  proration: boolean;
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  quantity: number;
}

export interface Invoice extends StripeObjectBase {
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  collection_method: 'charge_automatically';
  currency: string;
  customer: string;
  hosted_invoice_url: string;
  lines: { object: 'list'; data: InvoiceLine[]; has_more: false; url: string };
  metadata: Metadata;
  /** When Stripe's retry schedule charges an open invoice again; null once paid or given up. */
  next_payment_attempt: number | null;
  number: string;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    /** `subscription_proration_date` only on a preview that prorates. */
    subscription_details: { subscription: string; metadata: Metadata; subscription_proration_date?: number };
  };
  period_start: number;
  period_end: number;
  status: 'open' | 'paid' | 'uncollectible' | 'void';
  status_transitions: { finalized_at: number; paid_at: number | null; voided_at: number | null };
  subtotal: number;
  total: number;
}

export interface PaymentIntent extends StripeObjectBase {
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  metadata: Metadata;
  payment_method_types: ['card'];
  status: 'succeeded';
}

export interface PortalSession extends StripeObjectBase {
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
}

export interface WebhookEndpoint extends StripeObjectBase {
  object: 'webhook_endpoint';
  api_version: string | null;
  enabled_events: string[];
  metadata: Metadata;
  status: 'enabled';
  url: string;
  /** Only in the answer to create, as Stripe shows it once. */
  secret?: string;
  /** Not a Stripe field: the signing secret, kept for every delivery and never shown again. */
  _secret: string;
}

export interface StripeEvent extends StripeObjectBase {
  object: 'event';
  api_version: string;
  data: { object: object; previous_attributes?: Record<string, unknown> };
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}
