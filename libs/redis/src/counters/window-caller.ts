import type { RunScript } from '../scripts/lua-script';
import type { AllottedHits } from './allotted-hits';
import type { AllotmentWaits } from './allotment-waits';
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
  readonly allotments: AllottedHits;
  readonly waits: AllotmentWaits;
  readonly tallies: TallyBuffer;
  readonly tally: CounterTally;
  /** How long Redis keeps a window's allotment record (ARGV[3]). */
  readonly allotmentRecordMs: number;
  /** Told after a call granted an allotment: hits that came while it was asked for may use it. */
  readonly granted: () => void;
}

/** The script calls of a counter: one per slot group and batch, each hit answered from the reply. */
export class WindowCaller {
  constructor(private readonly parts: CallerParts) {}

  /** One call of a slot group's `windows` and `tallies`, sent at `now`; asks for allotments of busy keys. */
  send(group: string, windows: CallWindows, tallies: readonly TallyWrite[], now: number): void {
    const { run, batcher, allotments, allotmentRecordMs } = this.parts;
    for (const window of windows.metered) {
      window.allotment = allotments.wanted(window.key, window.limit, window.hits.length, now);
    }
    const { keys, args } = scriptArguments(windows, tallies, allotmentRecordMs);
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
    const { keys, args } = scriptArguments(windows, tallies, this.parts.allotmentRecordMs);
    if (keys.length === 0) return;
    const replies = repliesOf(windows, await this.parts.run(keys, ...args));
    for (const [, reply] of replies.metered) this.parts.tally.lateReturnsDropped += reply.returnsDropped;
  }

  private answer(group: string, windows: CallWindows, numbers: readonly number[], sentAt: number): void {
    const { allotments, tally, tallies, waits } = this.parts;
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
      if (window.allotment > 0) allotments.answered(window.key, { ...reply, sentAt });
      granted ||= reply.granted > 0;
      tally.lateReturnsDropped += reply.returnsDropped;
      const waiting = answerMetered(window, reply, tallyHit);
      tally.waits += waiting.length;
      if (waiting.length > 0) waits.hold(waiting, reply.allotmentsMsLeft);
    }
    if (granted) this.parts.granted();
  }

  private rejectAll(windows: CallWindows, error: unknown): void {
    for (const window of windows.metered) {
      if (window.allotment > 0) this.parts.allotments.answered(window.key, undefined);
    }
    for (const window of [...windows.counted, ...windows.metered]) {
      for (const hit of window.hits) hit.reject(error);
    }
  }
}
