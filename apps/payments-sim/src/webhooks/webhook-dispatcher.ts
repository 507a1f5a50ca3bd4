import type { AppLogger } from '@pds/observability';
import type { Ledger } from '../ledger/ledger';
import type { StripeEvent, WebhookEndpoint } from '../ledger/objects';
import { type Delivery, type RetryPolicy, retryDelayMs } from './delivery';
import { DeliveryRules } from './delivery-rules';
import { signatureHeader } from './signature';

/**
 * Sends every event to every endpoint that wants it, signed as Stripe signs, retrying with backoff
 * on a non-2xx answer or a network error. First attempts go out one after another per endpoint, so
 * tests see a stable order unless they ask for another (hold, delay); retries run on their own timers.
 */
export class WebhookDispatcher {
  readonly rules = new DeliveryRules();
  private deliveries: Delivery[] = [];
  private held: Delivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly queues = new Map<string, Promise<void>>();
  private nextId = 1;

  constructor(
    private readonly ledger: Ledger,
    private readonly policy: RetryPolicy,
    private readonly logger: AppLogger,
  ) {}

  get all(): readonly Delivery[] {
    return this.deliveries;
  }

  /** HTTP requests made to each endpoint (every attempt counts). */
  attemptsByEndpoint(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const delivery of this.deliveries) {
      counts[delivery.endpointId] = (counts[delivery.endpointId] ?? 0) + delivery.attempts.length;
    }
    return counts;
  }

  dispatch(event: StripeEvent): void {
    const plan = this.rules.planFor(event.type);
    for (const endpoint of this.endpointsFor(event.type)) {
      for (const duplicate of plan.duplicate ? [false, true] : [false]) {
        const delivery = this.record(event, endpoint, duplicate);
        if (plan.drop) delivery.state = 'dropped';
        else if (plan.hold) {
          delivery.state = 'held';
          this.held.push(delivery);
        } else if (plan.delayMs > 0) this.later(plan.delayMs, () => this.attempt(delivery));
        else this.enqueue(delivery);
      }
    }
  }

  /** Sends a past event again to every endpoint that wants it (as the dashboard's "Resend"). */
  resend(event: StripeEvent): number {
    const endpoints = this.endpointsFor(event.type);
    for (const endpoint of endpoints) this.enqueue(this.record(event, endpoint, true));
    return endpoints.length;
  }

  /** Sends the held deliveries, newest first unless `order` says otherwise; resolves once each was tried. */
  async release(order: 'reverse' | 'received'): Promise<number> {
    const batch = order === 'reverse' ? [...this.held].reverse() : [...this.held];
    this.held = [];
    for (const delivery of batch) {
      delivery.state = 'pending';
      await this.attempt(delivery);
    }
    return batch.length;
  }

  reset(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.deliveries = [];
    this.held = [];
    this.rules.clear();
  }

  private endpointsFor(type: string): WebhookEndpoint[] {
    return [...this.ledger.webhookEndpoints.values()].filter(
      (endpoint) => endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type),
    );
  }

  private record(event: StripeEvent, endpoint: WebhookEndpoint, duplicate: boolean): Delivery {
    const delivery: Delivery = {
      id: this.nextId++,
      eventId: event.id,
      eventType: event.type,
      endpointId: endpoint.id,
      duplicate,
      state: 'pending',
      attempts: [],
    };
    this.deliveries.push(delivery);
    return delivery;
  }

  private enqueue(delivery: Delivery): void {
    const previous = this.queues.get(delivery.endpointId) ?? Promise.resolve();
    // A failure of one delivery must not stop the endpoint's queue.
    const next = previous
      .then(() => this.attempt(delivery))
      .catch((error: unknown) => {
        this.logger.error(
          {
            event: delivery.eventId,
            error: String(error),
          },
          'webhook-delivery-failed',
        );
      });
    this.queues.set(delivery.endpointId, next);
  }

  private later(ms: number, run: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, ms);
    this.timers.add(timer);
  }

  private async attempt(delivery: Delivery): Promise<void> {
    const event = this.ledger.events.get(delivery.eventId);
    const endpoint = this.ledger.webhookEndpoints.get(delivery.endpointId);
    if (!event || !endpoint || !this.deliveries.includes(delivery)) return;
    const outcome = await this.post(event, endpoint);
    delivery.attempts.push({ at: new Date().toISOString(), ...outcome });
    const delivered = outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;
    this.logger.info(
      {
        event: event.id,
        type: event.type,
        endpoint: endpoint.id,
        attempt: delivery.attempts.length,
        ...outcome,
      },
      'webhook-attempt',
    );
    if (delivered) delivery.state = 'delivered';
    else if (delivery.attempts.length >= this.policy.maxAttempts) delivery.state = 'failed';
    else this.later(retryDelayMs(this.policy, delivery.attempts.length), () => this.attempt(delivery));
  }

  private async post(
    event: StripeEvent,
    endpoint: WebhookEndpoint,
  ): Promise<{ status?: number; error?: string }> {
    // Stripe's payloads are pretty-printed JSON, signed afresh (with the current time) on every attempt.
    const payload = JSON.stringify(event, null, 2);
    const signature = signatureHeader(payload, endpoint._secret, Math.floor(Date.now() / 1000));
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(this.policy.timeoutMs),
      });
      await response.arrayBuffer();
      return { status: response.status };
    } catch (error) {
      // The cause's code (ECONNREFUSED, ...) says what went wrong without repeating the endpoint's URL.
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      return { error: typeof code === 'string' ? code : error instanceof Error ? error.name : 'Error' };
    }
  }
}
