import type { WindowCount } from './fixed-window.lua';
import { DEFAULT_LEASE_POLICY, type LeasePolicy } from './lease-policy';

const FIRST_LEASE = 8;
const LEAST_LEASE = 2;
const MOST_LEASE = 256;
/**
 * A key idle this long (no hit sent to Redis, no lease ended) is forgotten, its next lease size
 * with it: well over a roomy lease, so a key busy in bursts keeps the size it has grown to.
 */
const IDLE_MS = 10_000;

/** What a replica tells Redis of a lease that ended. */
export interface Settlement {
  /** Hits of the lease no longer out. */
  readonly released: number;
  /** Of those, unused ones given back to the window (0 once the window may have ended). */
  readonly returned: number;
  /** The end of the window the lease was granted from (Redis' clock): only that window takes the return. */
  readonly grantedWindowEnd: number;
}

/** What the script granted with a call sent at `sentAt`. */
export interface Grant {
  readonly count: number;
  readonly msLeft: number;
  readonly granted: number;
  readonly windowEnd: number;
  readonly sentAt: number;
}

interface Lease {
  readonly size: number;
  used: number;
  /** The window's count right after the grant, the whole lease included. */
  readonly countAfterGrant: number;
  /** Counted from when the call was sent, so never later than Redis' own view of it. */
  readonly expiresAt: number;
  readonly windowEndsAt: number;
  readonly grantedWindowEnd: number;
}

interface KeyActivity {
  /** When a hit of the key was last sent to Redis, or a lease of it ended having served some. */
  lastActiveAt: number;
  nextLease: number;
}

/**
 * One replica's leases of busy keys' windows: hits granted ahead by the limit's script, which
 * this replica's later hits of the key use without a round trip until the lease ends (used up,
 * its time over, or its window ending). The window counts them as spent while they are out, so no
 * replica together with the others passes the limit; a hit refused while leases are out waits for
 * them to settle (LeaseWaits), so none is refused early either.
 */
export class WindowLeases {
  private readonly leases = new Map<string, Lease>();
  private readonly activity = new Map<string, KeyActivity>();
  /** Keys whose lease was asked for by a call not answered yet (one a key at a time), with their limit. */
  private readonly asking = new Map<string, number>();
  private prunedAt = 0;

  constructor(readonly policy: LeasePolicy = DEFAULT_LEASE_POLICY) {}

  /** A hit of `key` counted from its lease, or undefined when it has none with hits left. */
  serve(key: string, now: number): WindowCount | undefined {
    const lease = this.leases.get(key);
    if (!lease || lease.used === lease.size || now >= lease.expiresAt) return undefined;
    lease.used += 1;
    // As if the window's count had stopped at this hit: the rest of the lease is not spent yet.
    return { hits: lease.countAfterGrant - (lease.size - lease.used), msLeft: lease.windowEndsAt - now };
  }

  /**
   * The lease to ask for with `hits` hits of `key` sent to Redis at `now`: none for a key with a
   * low limit or that is not busy (one hit now and none sent in the last lease's time).
   */
  wanted(key: string, limit: number, hits: number, now: number): number {
    if (limit < this.policy.minLimit || this.leases.has(key) || this.asking.has(key)) return 0;
    let activity = this.activity.get(key);
    const busy = hits > 1 || (activity !== undefined && now - activity.lastActiveAt <= this.policy.leaseMs);
    if (activity) activity.lastActiveAt = now;
    else this.activity.set(key, (activity = { lastActiveAt: now, nextLease: FIRST_LEASE }));
    if (!busy) return 0;
    this.asking.set(key, limit);
    return Math.min(activity.nextLease, Math.floor(limit / this.policy.limitShare));
  }

  /** The answer to a call that asked for `key`'s lease: what it granted, if anything. */
  answered(key: string, grant: Grant | undefined): void {
    const limit = this.asking.get(key) ?? 0;
    this.asking.delete(key);
    if (grant && grant.granted > 0) this.grant(key, grant, limit);
  }

  /** A window at most half spent at the grant has room: its lease lasts roomyLeaseMs (LeasePolicy). */
  private leaseMs(grant: Grant, limit: number): number {
    return grant.count * 2 <= limit ? this.policy.roomyLeaseMs : this.policy.leaseMs;
  }

  private grant(key: string, grant: Grant, limit: number): void {
    const windowEndsAt = grant.sentAt + grant.msLeft;
    this.leases.set(key, {
      size: grant.granted,
      used: 0,
      countAfterGrant: grant.count,
      expiresAt: Math.min(grant.sentAt + this.leaseMs(grant, limit), windowEndsAt),
      windowEndsAt,
      grantedWindowEnd: grant.windowEnd,
    });
  }

  /** Ends `key`'s lease if it is used up or over, and says what to tell Redis of it. */
  endIfSpent(key: string, now: number): Settlement | undefined {
    const lease = this.leases.get(key);
    if (!lease || (lease.used < lease.size && now < lease.expiresAt)) return undefined;
    return this.end(key, lease, now);
  }

  /** Ends the leases that are over, and forgets keys idle for a while. */
  endOverdue(now: number): [string, Settlement][] {
    const ended: [string, Settlement][] = [];
    for (const [key, lease] of this.leases) {
      if (now >= lease.expiresAt) ended.push([key, this.end(key, lease, now)]);
    }
    if (now - this.prunedAt > IDLE_MS) this.forgetIdle(now);
    return ended;
  }

  /** Ends every lease (a replica stopping), so that its unused hits go back. */
  endAll(now: number): [string, Settlement][] {
    return [...this.leases].map(([key, lease]) => [key, this.end(key, lease, now)]);
  }

  private forgetIdle(now: number): void {
    this.prunedAt = now;
    for (const [key, activity] of this.activity) {
      if (now - activity.lastActiveAt > IDLE_MS && !this.leases.has(key)) this.activity.delete(key);
    }
  }

  private end(key: string, lease: Lease, now: number): Settlement {
    this.leases.delete(key);
    const activity = this.activity.get(key);
    if (activity) {
      activity.nextLease = nextLeaseSize(lease);
      // Its hits came from the lease, not Redis: a key still in use is still busy.
      if (lease.used > 0) activity.lastActiveAt = now;
    }
    const unused = lease.size - lease.used;
    return {
      released: lease.size,
      returned: now < lease.windowEndsAt ? unused : 0,
      grantedWindowEnd: lease.grantedWindowEnd,
    };
  }
}

/** Twice as many after a lease used up in time, half as many after one mostly unused. */
function nextLeaseSize(lease: Lease): number {
  if (lease.used === lease.size) return Math.min(lease.size * 2, MOST_LEASE);
  if (lease.used * 2 < lease.size) return Math.max(Math.floor(lease.size / 2), LEAST_LEASE);
  return lease.size;
}
