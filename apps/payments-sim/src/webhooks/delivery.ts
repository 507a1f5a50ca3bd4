/** One webhook attempt as recorded: when, and the HTTP status or the network error. */
export interface DeliveryAttempt {
  readonly at: string;
  readonly status?: number;
  readonly error?: string;
}

export type DeliveryState = 'pending' | 'held' | 'delivered' | 'dropped' | 'failed';

/** One event on its way to one endpoint (a duplicated event has two). */
export interface Delivery {
  readonly id: number;
  readonly eventId: string;
  readonly eventType: string;
  readonly endpointId: string;
  readonly duplicate: boolean;
  state: DeliveryState;
  readonly attempts: DeliveryAttempt[];
}

export interface RetryPolicy {
  /** First retry after this long; each next one waits twice as long, up to `maxDelayMs`. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** Attempts in all, the first included, before the delivery is marked failed. */
  readonly maxAttempts: number;
  readonly timeoutMs: number;
}

/** The wait before attempt `attempt + 1` after `attempt` failed (Stripe backs off exponentially). */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
}
