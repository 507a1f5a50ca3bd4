import type { AppLogger } from '@pds/observability';
import type { Charges } from './billing/charges';
import type { CheckoutCompletion } from './billing/checkout-completion';
import type { PendingUpdates } from './billing/pending-updates';
import type { PlanChange } from './billing/plan-change';
import type { SubscriptionSchedules } from './billing/schedules';
import type { SubscriptionLifecycle } from './billing/subscription-lifecycle';
import type { EventLog } from './ledger/event-log';
import type { Ledger } from './ledger/ledger';
import type { PaymentsSimEnvironment } from './payments-sim.environment';
import type { RequestCounters } from './wire/request-counters';
import type { IdempotencyStore } from './wire/idempotency';
import type { WebhookDispatcher } from './webhooks/webhook-dispatcher';

/** The simulator's parts, handed to every group of routes. */
export interface SimContext {
  readonly env: PaymentsSimEnvironment;
  readonly logger: AppLogger;
  readonly ledger: Ledger;
  readonly events: EventLog;
  readonly checkout: CheckoutCompletion;
  readonly lifecycle: SubscriptionLifecycle;
  readonly charges: Charges;
  readonly schedules: SubscriptionSchedules;
  readonly pendingUpdates: PendingUpdates;
  readonly planChange: PlanChange;
  readonly dispatcher: WebhookDispatcher;
  readonly idempotency: IdempotencyStore;
  readonly counters: RequestCounters;
  /** Base URL of the hosted pages, known once the server listens. */
  publicUrl(): string;
}
