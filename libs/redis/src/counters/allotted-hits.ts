import type { WindowCount } from './fixed-window.lua';
import { SettlementQueue } from './settlement-queue';
import type { Grant, WindowAllotments } from './window-allotments';

/**
 * A replica's allotments of busy keys' windows (WindowAllotments) with the settlements of those that
 * ended, held until the next call of their slot carries them (SettlementQueue). `served` is told
 * of each hit an allotment counts, for the counter's tallies.
 */
export class AllottedHits {
  private readonly settlements = new SettlementQueue();

  constructor(
    private readonly allotments: WindowAllotments,
    private readonly served: (key: string) => void,
  ) {}

  /** Nothing for `endOverdue` to end or forget (settlements go out with calls, not with it). */
  get empty(): boolean {
    return this.allotments.empty;
  }

  /** Whether settlements wait for a call. */
  get unsettled(): boolean {
    return this.settlements.size > 0;
  }

  /** A hit counted from `key`'s allotment; one found spent is ended, to settle with the next call. */
  serve(key: string, now: number): WindowCount | undefined {
    const count = this.allotments.serve(key, now);
    if (count) {
      this.served(key);
      return count;
    }
    const settlement = this.allotments.endIfSpent(key, now);
    if (settlement) this.settlements.add(key, settlement);
    return undefined;
  }

  /** Ends the allotments that are over; true when some now wait to settle. */
  endOverdue(now: number): boolean {
    const ended = this.allotments.endOverdue(now);
    for (const [key, settlement] of ended) this.settlements.add(key, settlement);
    return ended.length > 0;
  }

  /** Ends every allotment (a replica stopping), so that its unused hits go back. */
  endAll(now: number): void {
    for (const [key, settlement] of this.allotments.endAll(now)) this.settlements.add(key, settlement);
  }

  /** The settlements waiting, by slot group, removed from the queue. */
  takeSettlements(groupOf: (key: string) => string): ReturnType<SettlementQueue['take']> {
    return this.settlements.take(groupOf);
  }

  /** The allotment to ask for with `hits` hits of `key` sent at `now` (0: none). */
  wanted(key: string, limit: number, hits: number, now: number): number {
    return this.allotments.wanted(key, limit, hits, now);
  }

  /** What a call that asked for `key`'s allotment granted (undefined: the call failed). */
  answered(key: string, grant: Grant | undefined): void {
    this.allotments.answered(key, grant);
  }
}
