import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { AccountBilling, StripeSync } from '@pds/billing';
import { AppLogger } from '@pds/observability';
import { REDIS_COMMAND, type RedisClient, RedisKeys } from '@pds/redis';
import Stripe from 'stripe';
import { type ErrorBody, ErrorCode } from '../../errors/error-code';
import { GatewayEnvironment } from '../../gateway.environment';
import { PlanCatalogue } from '../../entitlements';
import { BillingNotices } from '../mail/billing-notices';
import { STRIPE, type StripeClient } from '../stripe/stripe.provider';
import { signedTimeAsStripeReadsIt } from './signature-time';
import { WebhookMetrics, WebhookOutcome } from './webhook-metrics';

/** Stripe's default: a signature older than this is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;
/** How long an applied event id is remembered; Stripe retries for three days. */
const EVENT_MEMORY_SECONDS = 30 * 86_400;

export interface WebhookAnswer {
  readonly status: number;
  readonly body: ErrorBody | { received: true; duplicate?: true };
  readonly headers?: Readonly<Record<string, string>>;
}

const refused = (message: string): WebhookAnswer => ({
  status: HttpStatus.BAD_REQUEST,
  body: { code: ErrorCode.ValidationError, message },
});
const duplicate = (): WebhookAnswer => ({
  status: HttpStatus.OK,
  body: { received: true, duplicate: true },
});
const unavailable = (message: string): WebhookAnswer => ({
  status: HttpStatus.SERVICE_UNAVAILABLE,
  body: { code: ErrorCode.ServiceUnavailable, message },
  headers: { 'Retry-After': '30' },
});

/**
 * The `stripe` package checks only a signature's age, so one dated an hour ahead would pass for an
 * hour and more; a timestamp further ahead than the tolerance is refused the same way. Only called
 * once the signature is verified, and it reads the time that signature covers.
 */
function isFromTheFuture(signature: string, nowMs = Date.now()): boolean {
  const signedAt = signedTimeAsStripeReadsIt(signature);
  return !Number.isFinite(signedAt) || signedAt * 1000 > nowMs + SIGNATURE_TOLERANCE_SECONDS * 1000;
}

/**
 * Stripe's webhooks (CONTRACT section 10): verified against the raw body, applied by reading
 * Stripe's current state (and the owner mailed when a charge fails or a paid plan ends), remembered by event id so a repeat changes nothing, and answered 2xx only
 * once the change is written, so Stripe retries anything that failed.
 */
@Injectable()
export class StripeWebhooks {
  private readonly sync?: StripeSync;

  constructor(
    @Inject(STRIPE) private readonly stripe: StripeClient,
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly env: GatewayEnvironment,
    private readonly logger: AppLogger,
    private readonly notices: BillingNotices,
    private readonly metrics: WebhookMetrics,
    billing: AccountBilling,
    catalogue: PlanCatalogue,
  ) {
    if (stripe) this.sync = new StripeSync(stripe, billing, catalogue);
  }

  async handle(rawBody: Buffer, signature: string | undefined): Promise<WebhookAnswer> {
    const { answer, outcome } = await this.answer(rawBody, signature);
    this.metrics.count(outcome);
    return answer;
  }

  private async answer(
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<{ answer: WebhookAnswer; outcome: WebhookOutcome }> {
    const secret = this.env.STRIPE_WEBHOOK_SECRET;
    if (!this.stripe || !this.sync || !secret) {
      return { answer: unavailable('Billing is not configured'), outcome: WebhookOutcome.Unconfigured };
    }
    if (!signature) return this.refuse('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
    } catch {
      return this.refuse('Invalid or expired Stripe-Signature');
    }
    if (isFromTheFuture(signature)) return this.refuse('Stripe-Signature is dated in the future');
    try {
      const answer = await this.apply(event, this.sync);
      const duplicate = 'duplicate' in answer.body;
      return { answer, outcome: duplicate ? WebhookOutcome.Duplicate : WebhookOutcome.Applied };
    } catch (error) {
      this.logger.error(
        { eventId: event.id, type: event.type, error: error instanceof Error ? error.name : 'unknown' },
        'stripe webhook not applied; Stripe will retry',
      );
      const answer = unavailable('The event could not be applied now; retry later');
      return { answer, outcome: WebhookOutcome.Failed };
    }
  }

  /**
   * The duplicate check is part of the write: the event's marker is checked and set by the same
   * script that changes the account, so concurrent deliveries of one event apply it once. The early
   * check only spares Stripe calls for a repeat seen long ago.
   */
  private async apply(event: Stripe.Event, sync: StripeSync): Promise<WebhookAnswer> {
    const marker = {
      onAccount: this.keys.stripeEvent(event.id),
      onBoosts: this.keys.stripeBoostEvent(event.id),
      ttlMs: EVENT_MEMORY_SECONDS * 1000,
    };
    if (
      (await this.redis.exists(marker.onAccount)) === 1 ||
      (await this.redis.exists(marker.onBoosts)) === 1
    ) {
      return duplicate();
    }
    let outcome = await sync.applyEvent(event, marker);
    if (outcome === 'nothing-to-write') {
      const first = await this.redis.set(marker.onAccount, event.type, 'PX', marker.ttlMs, 'NX');
      outcome = first === 'OK' ? 'applied' : 'duplicate';
    }
    if (outcome === 'duplicate') return duplicate();
    // The owner's mails follow the applied event (each with its own once-only guard).
    await this.notices.after(event);
    this.logger.info({ eventId: event.id, type: event.type }, 'stripe webhook applied');
    return { status: HttpStatus.OK, body: { received: true } };
  }

  private refuse(message: string): { answer: WebhookAnswer; outcome: WebhookOutcome } {
    this.logger.warn({ reason: message }, 'stripe webhook refused');
    return { answer: refused(message), outcome: WebhookOutcome.BadSignature };
  }
}
