import type { ApiKeyRecord } from './api-key-record';
import type { Boost } from './boost';
import { activeBoosts, effectiveLimits, type Limits } from './effective-limits';

/** A key as authentication needs it: its record and its boosts (some may have expired since). */
export interface ApiKeyAccount {
  readonly record: ApiKeyRecord;
  readonly boosts: readonly Boost[];
  /** For an account's key: the owner's plan id when the key was read. */
  readonly ownerPlan?: string;
}

/** The authenticated caller, with the limits that apply to it now. */
export interface ApiKeyPrincipal {
  readonly id: string;
  readonly name: string;
  /** Effective REST limit per operation: own limit plus active boosts. */
  readonly requestsPerMinute: number;
  /** Effective WebSocket connection limit per operation: own limit plus active boosts. */
  readonly wsConnections: number;
  readonly ownLimits: Limits;
  /** Active at authentication, soonest to end first. */
  readonly boosts: readonly Boost[];
  readonly record: ApiKeyRecord;
}

export type DefaultLimits = Limits;

export function ownLimitsOf(record: ApiKeyRecord, defaults: DefaultLimits): Limits {
  return {
    requestsPerMinute: record.requestsPerMinute ?? defaults.requestsPerMinute,
    wsConnections: record.wsConnections ?? defaults.wsConnections,
  };
}

/**
 * Computed per request from the cached account, so a boost stops counting the moment it expires,
 * on every replica, without any message.
 */
export function principalOf(
  account: ApiKeyAccount,
  defaults: DefaultLimits,
  now = Date.now(),
): ApiKeyPrincipal {
  const { record } = account;
  const ownLimits = ownLimitsOf(record, defaults);
  const boosts = activeBoosts(account.boosts, now);
  return {
    id: record.id,
    name: record.name,
    ...effectiveLimits(ownLimits, boosts, now),
    ownLimits,
    boosts,
    record,
  };
}

/** Where the guard leaves the principal on the request, for the rate limiter and handlers. */
export interface AuthenticatedRequest {
  apiKey?: ApiKeyPrincipal;
}
