import {
  COUNTED_REPLY_LENGTH,
  METERED_REPLY_LENGTH,
  type MeteredReply,
  type WindowCount,
} from './fixed-window.lua';
import type { HitTally, TallyWrite } from './tally-buffer';
import type { Settlement } from './window-allotments';

/** Plain counts of a counter's answers for metrics, read at scrape: the hot path only adds to a number. */
export interface CounterTally {
  /** Hits answered by a script call. */
  byRedis: number;
  /** Hits counted from this replica's allotment of their window, with no trip. */
  byAllotment: number;
  /** Hits refused while other allotments were out, held to ask again. */
  waits: number;
  /** An allotment's unused hits given back after their window had ended: dropped by the script. */
  lateReturnsDropped: number;
}

/** Counts a hit a call answered: in the counter's tally, and in its usage history, refused or not. */
export type TallyHit = (hit: PendingHit, rejected: boolean) => void;

export interface PendingHit {
  readonly key: string;
  readonly windowMs: number;
  /** Set for a metered hit (let through up to this limit, allotments allowed); else counted. */
  readonly limit?: number;
  readonly tally: HitTally | undefined;
  readonly resolve: (count: WindowCount) => void;
  readonly reject: (error: unknown) => void;
}

/** A call's counted hits of one key: one INCRBY instead of an INCR a hit. */
export interface CountedWindow {
  readonly key: string;
  /** The first hit's window: as with one INCR a hit, a later hit cannot change a started window. */
  readonly windowMs: number;
  readonly hits: PendingHit[];
}

/** A call's metered hits of one key, the allotment it asks for, and the settlement of one that ended. */
export interface MeteredWindow extends CountedWindow {
  /** The first hit's limit (0 for a settlement alone). */
  readonly limit: number;
  allotment: number;
  settlement?: Settlement;
}

export interface CallWindows {
  readonly counted: CountedWindow[];
  readonly metered: MeteredWindow[];
}

/** The key of a window's allotment record: in the window key's slot, as the window key has a `{tag}`. */
export function allotmentsKeyOf(windowKey: string): string {
  return `${windowKey}:allotments`;
}

/** The hits by key, keys in order of their first hit; the settlements join their key's window. */
export function windowsOf(
  hits: readonly PendingHit[],
  settlements: ReadonlyMap<string, Settlement>,
): CallWindows {
  const counted = new Map<string, CountedWindow>();
  const metered = new Map<string, MeteredWindow>();
  for (const hit of hits) {
    const window = hit.limit === undefined ? counted.get(hit.key) : metered.get(hit.key);
    if (window) window.hits.push(hit);
    else if (hit.limit === undefined)
      counted.set(hit.key, { key: hit.key, windowMs: hit.windowMs, hits: [hit] });
    else
      metered.set(hit.key, {
        key: hit.key,
        windowMs: hit.windowMs,
        limit: hit.limit,
        allotment: 0,
        hits: [hit],
      });
  }
  for (const [key, settlement] of settlements) {
    const window = metered.get(key);
    if (window) window.settlement = settlement;
    else metered.set(key, { key, windowMs: 0, limit: 0, allotment: 0, hits: [], settlement });
  }
  return { counted: [...counted.values()], metered: [...metered.values()] };
}

/** KEYS and ARGV as fixed-window.lua.ts describes them. */
export function scriptArguments(
  windows: CallWindows,
  tallies: readonly TallyWrite[],
  allotmentRecordMs: number,
): { keys: string[]; args: (string | number)[] } {
  const keys: string[] = [];
  const args: (string | number)[] = [windows.counted.length, windows.metered.length, allotmentRecordMs];
  for (const window of windows.counted) {
    keys.push(window.key);
    args.push(window.windowMs, window.hits.length);
  }
  for (const window of windows.metered) {
    const settlement = window.settlement;
    keys.push(window.key, allotmentsKeyOf(window.key));
    args.push(window.windowMs, window.hits.length, window.limit, window.allotment);
    args.push(settlement?.returned ?? 0, settlement?.released ?? 0, settlement?.grantedWindowEnd ?? 0);
  }
  for (const tally of tallies) {
    keys.push(tally.key);
    args.push(tally.expireAtSeconds, tally.fields.size);
    for (const [field, amount] of tally.fields) args.push(field, amount);
  }
  return { keys, args };
}

/** Each window with what the script says of it; throws when the numbers do not fit the call. */
export function repliesOf(
  windows: CallWindows,
  numbers: readonly number[],
): { counted: [CountedWindow, WindowCount][]; metered: [MeteredWindow, MeteredReply][] } {
  const meteredAt = windows.counted.length * COUNTED_REPLY_LENGTH;
  if (numbers.length !== meteredAt + windows.metered.length * METERED_REPLY_LENGTH) {
    throw new Error(
      `${numbers.length} numbers for ${windows.counted.length} + ${windows.metered.length} windows`,
    );
  }
  const at = (index: number): number => numbers[index] ?? 0;
  return {
    counted: windows.counted.map((window, index) => {
      const start = index * COUNTED_REPLY_LENGTH;
      return [window, { hits: at(start), msLeft: at(start + 1) }];
    }),
    metered: windows.metered.map((window, index) => {
      const start = meteredAt + index * METERED_REPLY_LENGTH;
      const reply = {
        count: at(start),
        msLeft: at(start + 1),
        admitted: at(start + 2),
        granted: at(start + 3),
        allotmentsMsLeft: at(start + 4),
        windowEnd: at(start + 5),
        returnsDropped: at(start + 6),
      };
      return [window, reply];
    }),
  };
}

/** Each hit its own count, in the order of the call, as if each had been an INCR of its own. */
export function answerCounted(window: CountedWindow, count: WindowCount, tallyHit: TallyHit): void {
  let hits = count.hits - window.hits.length;
  for (const hit of window.hits) {
    hits += 1;
    tallyHit(hit, hits > (hit.tally?.limit ?? Infinity));
    hit.resolve({ hits, msLeft: count.msLeft });
  }
}

/**
 * The first `admitted` hits their count in order, the others their `limit + 1` (refused); while other
 * allotments are out, those others are not answered but returned, to ask again once those settle.
 */
export function answerMetered(window: MeteredWindow, reply: MeteredReply, tallyHit: TallyHit): PendingHit[] {
  let hits = reply.count - reply.granted - reply.admitted;
  const waiting: PendingHit[] = [];
  window.hits.forEach((hit, index) => {
    const admitted = index < reply.admitted;
    if (!admitted && reply.allotmentsMsLeft > 0) {
      waiting.push(hit);
      return;
    }
    if (admitted) hits += 1;
    tallyHit(hit, !admitted);
    hit.resolve({ hits: admitted ? hits : (hit.limit ?? window.limit) + 1, msLeft: reply.msLeft });
  });
  return waiting;
}
