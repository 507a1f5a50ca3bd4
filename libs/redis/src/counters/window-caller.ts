import type { RunScript } from '../scripts/lua-script';
import type { LeasedHits } from './leased-hits';
import type { LeaseWaits } from './lease-waits';
import type { TallyBuffer, TallyWrite } from './tally-buffer';
import type { TurnBatcher } from './turn-batcher';
import {
  answerCounted,
  answerMetered,
  type CallWindows,
  type CounterTally,
  type PendingHit,
  repliesOf,
  scriptArguments,
} from './window-calls';

/** What a WindowCaller answers hits with, and tells of grants. */
export interface CallerParts {
  readonly run: RunScript<number[]>;
  readonly batcher: TurnBatcher;
  readonly leases: LeasedHits;
  readonly waits: LeaseWaits;
  readonly tallies: TallyBuffer;
  readonly tally: CounterTally;
  /** How long Redis keeps a window's lease record (ARGV[3]). */
  readonly leaseRecordMs: number;
  /** Told after a call granted a lease: hits that came while it was asked for may use it. */
  readonly granted: () => void;
}

/** The script calls of a counter: one per slot group and batch, each hit answered from the reply. */
export class WindowCaller {
  constructor(private readonly parts: CallerParts) {}

  /** One call of a slot group's `windows` and `tallies`, sent at `now`; asks for leases of busy keys. */
  send(group: string, windows: CallWindows, tallies: readonly TallyWrite[], now: number): void {
    const { run, batcher, leases, leaseRecordMs } = this.parts;
    for (const window of windows.metered) {
      window.lease = leases.wanted(window.key, window.limit, window.hits.length, now);
    }
    const { keys, args } = scriptArguments(windows, tallies, leaseRecordMs);
    void batcher.track(run(keys, ...args)).then(
      (numbers) => {
        this.answer(group, windows, numbers, now);
      },
      (error: unknown) => {
        this.rejectAll(windows, error);
      },
    );
  }

  /** A call with no hits, for settlements and tallies; lost (not retried) when Redis fails. */
  async sendWithoutHits(windows: CallWindows, tallies: readonly TallyWrite[]): Promise<void> {
    const { keys, args } = scriptArguments(windows, tallies, this.parts.leaseRecordMs);
    if (keys.length === 0) return;
    const replies = repliesOf(windows, await this.parts.run(keys, ...args));
    for (const [, reply] of replies.metered) this.parts.tally.lateReturnsDropped += reply.returnsDropped;
  }

  private answer(group: string, windows: CallWindows, numbers: readonly number[], sentAt: number): void {
    const { leases, tally, tallies, waits } = this.parts;
    let replies: ReturnType<typeof repliesOf>;
    try {
      replies = repliesOf(windows, numbers);
    } catch (error) {
      this.rejectAll(windows, error);
      return;
    }
    const tallyHit = (hit: PendingHit, rejected: boolean): void => {
      tally.byRedis += 1;
      if (hit.tally) tallies.add(group, hit.tally, rejected);
    };
    for (const [window, count] of replies.counted) answerCounted(window, count, tallyHit);
    let granted = false;
    for (const [window, reply] of replies.metered) {
      if (window.lease > 0) leases.answered(window.key, { ...reply, sentAt });
      granted ||= reply.granted > 0;
      tally.lateReturnsDropped += reply.returnsDropped;
      const waiting = answerMetered(window, reply, tallyHit);
      tally.waits += waiting.length;
      if (waiting.length > 0) waits.hold(waiting, reply.leasesMsLeft);
    }
    if (granted) this.parts.granted();
  }

  private rejectAll(windows: CallWindows, error: unknown): void {
    for (const window of windows.metered) {
      if (window.lease > 0) this.parts.leases.answered(window.key, undefined);
    }
    for (const window of [...windows.counted, ...windows.metered]) {
      for (const hit of window.hits) hit.reject(error);
    }
  }
}
