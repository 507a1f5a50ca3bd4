import { newId } from '../wire/ids';
import type { Ledger } from './ledger';
import type { StripeEvent } from './objects';
import { publicView } from './public-view';

/** The event types the simulator emits, as Stripe names them. */
export type EventType =
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'customer.subscription.pending_update_applied'
  | 'customer.subscription.pending_update_expired'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'invoice.voided'
  | 'payment_intent.succeeded'
  | 'refund.created'
  | 'subscription_schedule.created'
  | 'subscription_schedule.updated'
  | 'subscription_schedule.released'
  | 'subscription_schedule.canceled';

export type EventListener = (event: StripeEvent) => void;

/** Records Stripe events (snapshots of their object) and hands each to the webhook dispatcher. */
export class EventLog {
  private readonly listeners: EventListener[] = [];

  constructor(
    private readonly ledger: Ledger,
    private readonly apiVersion: string,
  ) {}

  onEvent(listener: EventListener): void {
    this.listeners.push(listener);
  }

  publish(type: EventType, object: object, previousAttributes?: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: this.apiVersion,
      created: this.ledger.clock.nowSeconds(),
      data: {
        object: publicView(object),
        ...(previousAttributes ? { previous_attributes: publicView(previousAttributes) } : {}),
      },
      livemode: false,
      pending_webhooks: 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.ledger.events.set(event.id, event);
    for (const listener of this.listeners) listener(event);
    return event;
  }
}
