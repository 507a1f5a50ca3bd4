import { RateLimitBucket, type Limits } from '../../entitlements';

/**
 * The operations that carry per-key limits on REST and WebSocket alike: the price operations and
 * the index's (docs/index.md). Each name is the operationId, the REST rate-limit bucket
 * (RateLimitBucket) and the WebSocket connection-slot bucket (StreamRoute).
 */
export const LIMITED_OPERATIONS = [
  RateLimitBucket.getCurrentPrice,
  RateLimitBucket.getKlines,
  RateLimitBucket.getCurrentKline,
  RateLimitBucket.getIndex,
  RateLimitBucket.getIndexKlines,
] as const;

export type LimitedOperation = (typeof LIMITED_OPERATIONS)[number];

/** What Redis says about one operation of a key right now. */
export interface UsageCounters {
  /** Requests counted in the current window (0 when no window is open). */
  readonly requests: number;
  /** Milliseconds until the window resets (0 or negative when no window is open). */
  readonly windowMsLeft: number;
  /** WebSocket connections holding an unexpired slot. */
  readonly wsConnections: number;
}

export interface OperationUsage {
  readonly operation: LimitedOperation;
  readonly requestsUsed: number;
  readonly requestsRemaining: number;
  readonly windowResetsInSeconds: number;
  readonly wsConnectionsOpen: number;
  readonly wsConnectionsRemaining: number;
}

/** Usage of one operation against the effective limits, as the owner view shows it. */
export function operationUsage(
  operation: LimitedOperation,
  limits: Limits,
  counters: UsageCounters,
): OperationUsage {
  const windowOpen = counters.windowMsLeft > 0;
  const requestsUsed = windowOpen ? counters.requests : 0;
  return {
    operation,
    requestsUsed,
    requestsRemaining: Math.max(0, limits.requestsPerMinute - requestsUsed),
    windowResetsInSeconds: windowOpen ? Math.ceil(counters.windowMsLeft / 1000) : 0,
    wsConnectionsOpen: counters.wsConnections,
    wsConnectionsRemaining: Math.max(0, limits.wsConnections - counters.wsConnections),
  };
}
