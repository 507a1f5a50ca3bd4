import { Injectable } from '@nestjs/common';
import { Counter, Registry } from 'prom-client';

/** How a Stripe webhook delivery ended. */
export const WebhookOutcome = {
  Applied: 'applied',
  Duplicate: 'duplicate',
  /** Missing, invalid or expired Stripe-Signature: answered 400, Stripe will not retry. */
  BadSignature: 'bad_signature',
  /** Verified but not applied (Redis or Stripe failed): answered 503, Stripe retries. */
  Failed: 'failed',
  /** Billing not configured on this gateway: answered 503. */
  Unconfigured: 'unconfigured',
} as const;
export type WebhookOutcome = (typeof WebhookOutcome)[keyof typeof WebhookOutcome];

/** Stripe webhook deliveries by outcome; every outcome has a series from the start, at 0. */
@Injectable()
export class WebhookMetrics {
  private readonly deliveries: Counter<'outcome'>;

  constructor(registry: Registry) {
    this.deliveries = new Counter({
      name: 'pds_billing_webhooks_total',
      help: 'Stripe webhook deliveries this gateway answered, by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    });
    for (const outcome of Object.values(WebhookOutcome)) this.deliveries.inc({ outcome }, 0);
  }

  count(outcome: WebhookOutcome): void {
    this.deliveries.inc({ outcome });
  }
}
