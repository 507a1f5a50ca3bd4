import type { WindowCount } from './fixed-window.lua';
import { DEFAULT_ALLOTMENT_POLICY, type AllotmentPolicy } from './allotment-policy';

const FIRST_ALLOTMENT = 8;
const LEAST_ALLOTMENT = 2;
const MOST_ALLOTMENT = 256;
/**
 * A key idle this long (no hit sent to Redis, no allotment ended) is forgotten, its next allotment
 * size with it: well over a roomy allotment, so a key busy in bursts keeps the size it has grown to.
 */
const IDLE_MS = 10_000;

/** What a replica tells Redis of an allotment that ended. */
export interface Settlement {
  /** Hits of the allotment no longer out. */
  readonly released: number;
  /** Of those, unused ones given back to the window (0 once the window may have ended). */
  readonly returned: number;
  /** The end of the window the allotment came from (Redis' clock): only that window takes the return. */
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

interface Allotment {
  readonly size: number;
  used: number;
  /** The window's count right after the grant, the whole allotment included. */
  readonly countAfterGrant: number;
  /** Counted from when the call was sent, so never later than Redis' own view of it. */
  readonly expiresAt: number;
  readonly windowEndsAt: number;
  readonly grantedWindowEnd: number;
}

interface KeyActivity {
  /** When a hit of the key was last sent to Redis, or an allotment of it ended having served some. */
  lastActiveAt: number;
  nextAllotment: number;
}

/**
 * One replica's allotments of busy keys' windows: hits granted ahead by the limit's script, which
 * this replica's later hits of the key use without a round trip until the allotment ends (used up,
 * its time over, or its window ending). The window counts them as spent while they are out, so no
 * replica together with the others passes the limit; a hit refused while allotments are out waits for
 * them to settle (AllotmentWaits), so none is refused early either.
 */
export class WindowAllotments {
  private readonly allotments = new Map<string, Allotment>();
  private readonly activity = new Map<string, KeyActivity>();
  /** Keys whose allotment a call asked for, not answered yet (one a key at a time), with their limit. */
  private readonly asking = new Map<string, number>();
  private prunedAt = 0;

  constructor(readonly policy: AllotmentPolicy = DEFAULT_ALLOTMENT_POLICY) {}

  /** Nothing to end or forget: no allotment, none asked for, no key remembered as busy. */
  get empty(): boolean {
    return this.allotments.size === 0 && this.asking.size === 0 && this.activity.size === 0;
  }

  /** A hit of `key` counted from its allotment, or undefined when it has none with hits left. */
  serve(key: string, now: number): WindowCount | undefined {
    const allotment = this.allotments.get(key);
    if (!allotment || allotment.used === allotment.size || now >= allotment.expiresAt) return undefined;
    allotment.used += 1;
    // As if the window's count had stopped at this hit: the rest of the allotment is not spent yet.
    return {
      hits: allotment.countAfterGrant - (allotment.size - allotment.used),
      msLeft: allotment.windowEndsAt - now,
    };
  }

  /**
   * The allotment to ask for with `hits` hits of `key` sent to Redis at `now`: none for a key with a
   * low limit or that is not busy (one hit now, and none sent or allotment ended within allotmentMs).
   */
  wanted(key: string, limit: number, hits: number, now: number): number {
    if (limit < this.policy.minLimit || this.allotments.has(key) || this.asking.has(key)) return 0;
    let activity = this.activity.get(key);
    const busy =
      hits > 1 || (activity !== undefined && now - activity.lastActiveAt <= this.policy.allotmentMs);
    if (activity) activity.lastActiveAt = now;
    else this.activity.set(key, (activity = { lastActiveAt: now, nextAllotment: FIRST_ALLOTMENT }));
    if (!busy) return 0;
    this.asking.set(key, limit);
    return Math.min(activity.nextAllotment, Math.floor(limit / this.policy.limitShare));
  }

  /** The answer to a call that asked for `key`'s allotment: what it granted, if anything. */
  answered(key: string, grant: Grant | undefined): void {
    const limit = this.asking.get(key) ?? 0;
    this.asking.delete(key);
    if (grant && grant.granted > 0) this.grant(key, grant, limit);
  }

  /** A window at most half spent at the grant has room: its allotment lasts roomyAllotmentMs. */
  private allotmentMs(grant: Grant, limit: number): number {
    return grant.count * 2 <= limit ? this.policy.roomyAllotmentMs : this.policy.allotmentMs;
  }

  private grant(key: string, grant: Grant, limit: number): void {
    const windowEndsAt = grant.sentAt + grant.msLeft;
    this.allotments.set(key, {
      size: grant.granted,
      used: 0,
      countAfterGrant: grant.count,
      expiresAt: Math.min(grant.sentAt + this.allotmentMs(grant, limit), windowEndsAt),
      windowEndsAt,
      grantedWindowEnd: grant.windowEnd,
    });
  }

  /** Ends `key`'s allotment if it is used up or over, and says what to tell Redis of it. */
  endIfSpent(key: string, now: number): Settlement | undefined {
    const allotment = this.allotments.get(key);
    if (!allotment || (allotment.used < allotment.size && now < allotment.expiresAt)) return undefined;
    return this.end(key, allotment, now);
  }

  /** Ends the allotments that are over, and forgets keys idle for a while. */
  endOverdue(now: number): [string, Settlement][] {
    const ended: [string, Settlement][] = [];
    for (const [key, allotment] of this.allotments) {
      if (now >= allotment.expiresAt) ended.push([key, this.end(key, allotment, now)]);
    }
    if (now - this.prunedAt > IDLE_MS) this.forgetIdle(now);
    return ended;
  }

  /** Ends every allotment (a replica stopping), so that its unused hits go back. */
  endAll(now: number): [string, Settlement][] {
    return [...this.allotments].map(([key, allotment]) => [key, this.end(key, allotment, now)]);
  }

  private forgetIdle(now: number): void {
    this.prunedAt = now;
    for (const [key, activity] of this.activity) {
      if (now - activity.lastActiveAt > IDLE_MS && !this.allotments.has(key)) this.activity.delete(key);
    }
  }

  private end(key: string, allotment: Allotment, now: number): Settlement {
    this.allotments.delete(key);
    const activity = this.activity.get(key);
    if (activity) {
      activity.nextAllotment = nextAllotmentSize(allotment);
      // Its hits came from the allotment, not Redis: a key still in use is still busy.
      if (allotment.used > 0) activity.lastActiveAt = now;
    }
    const unused = allotment.size - allotment.used;
    return {
      released: allotment.size,
      returned: now < allotment.windowEndsAt ? unused : 0,
      grantedWindowEnd: allotment.grantedWindowEnd,
    };
  }
}

/** Twice as many after an allotment used up in time, half as many after one mostly unused. */
function nextAllotmentSize(allotment: Allotment): number {
  if (allotment.used === allotment.size) return Math.min(allotment.size * 2, MOST_ALLOTMENT);
  if (allotment.used * 2 < allotment.size) return Math.max(Math.floor(allotment.size / 2), LEAST_ALLOTMENT);
  return allotment.size;
}
