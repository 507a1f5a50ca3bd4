import type { Boost } from '@pds/billing';
import { activeBoosts, effectiveLimits, type Limits } from './effective-limits';

/** What limits need of a key's record: who it is, and its own limits when it has any. */
export interface LimitedKey {
  readonly id: string;
  readonly name: string;
  /** The key's own REST limit per operation and minute; the default applies when absent. */
  readonly requestsPerMinute?: number;
  /** The key's own concurrent WebSocket connections per operation; the default applies when absent. */
  readonly wsConnections?: number;
}

/** A key as authentication needs it: its record and its boosts (some may have expired since). */
export interface KeyAccount<R extends LimitedKey = LimitedKey> {
  readonly record: R;
  readonly boosts: readonly Boost[];
  /** For an account's key: the owner's plan id when the key was read. */
  readonly ownerPlan?: string;
}

/** The authenticated caller, with the limits that apply to it now. */
export interface KeyPrincipal<R extends LimitedKey = LimitedKey> {
  readonly id: string;
  readonly name: string;
  /** Effective REST limit per operation: own limit plus active boosts. */
  readonly requestsPerMinute: number;
  /** Effective WebSocket connection limit per operation: own limit plus active boosts. */
  readonly wsConnections: number;
  readonly ownLimits: Limits;
  /** Active at authentication, soonest to end first. */
  readonly boosts: readonly Boost[];
  readonly record: R;
}

export type DefaultLimits = Limits;

export function ownLimitsOf(record: LimitedKey, defaults: DefaultLimits): Limits {
  return {
    requestsPerMinute: record.requestsPerMinute ?? defaults.requestsPerMinute,
    wsConnections: record.wsConnections ?? defaults.wsConnections,
  };
}

/**
 * Computed per request from the cached account, so a boost stops counting the moment it expires,
 * on every replica, without any message.
 */
export function principalOf<R extends LimitedKey>(
  account: KeyAccount<R>,
  defaults: DefaultLimits,
  now = Date.now(),
): KeyPrincipal<R> {
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
