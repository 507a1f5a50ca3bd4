import type { Boost } from '@pds/billing';

/** REST requests per minute and concurrent WebSocket connections, each per key and operation. */
export interface Limits {
  readonly requestsPerMinute: number;
  readonly wsConnections: number;
}

/** The boosts still running at `now`, soonest to end first. A boost ends at its expiry, exclusive. */
export function activeBoosts(boosts: readonly Boost[], now: number): Boost[] {
  return boosts.filter((boost) => boost.expiresAt > now).sort((a, b) => a.expiresAt - b.expiresAt);
}

/** The key's own limits plus every boost active at `now` (the api-keys and boosts areas). */
export function effectiveLimits(own: Limits, boosts: readonly Boost[], now: number): Limits {
  let { requestsPerMinute, wsConnections } = own;
  for (const boost of boosts) {
    if (boost.expiresAt <= now) continue;
    requestsPerMinute += boost.extraRequestsPerMinute;
    wsConnections += boost.extraWsConnections;
  }
  return { requestsPerMinute, wsConnections };
}

/** When the effective limits change next by themselves (the earliest active boost's expiry). */
export function nextExpiry(boosts: readonly Boost[], now: number): number | undefined {
  let next: number | undefined;
  for (const boost of boosts) {
    if (boost.expiresAt > now && (next === undefined || boost.expiresAt < next)) next = boost.expiresAt;
  }
  return next;
}
