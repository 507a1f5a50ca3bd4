import { Injectable } from '@nestjs/common';
import { AppLogger } from '@pds/observability';
import { storageRefusalOf } from '@pds/redis';
import { GapRecorder } from '../gaps/gap-recorder';
import { IngestorEnvironment } from '../ingestor.environment';
import { LeaseService } from '../leadership/lease.service';
import { MarketSources } from '../sources/market-sources';
import { mergeSteps, stepsByExchange } from '../market-state/merge-steps';
import { isEmptyStep, type WriteStep } from '../market-state/write-step';
import { SerialQueue } from './serial-queue';
import { WriteLag } from './write-lag';
import { MarketWriter } from './market-writer';

/** Queued steps merged into one once this many wait (CONTRACT section 11, "Bursts"). */
const MERGE_QUEUED_AT = 64;

export interface WriteStats {
  readonly stepsWritten: number;
  readonly stepsRefused: number;
  readonly writeErrors: number;
  readonly pendingWrites: number;
}

/**
 * The leader's side of writing: steps go to Redis one at a time in exchange order; the steps that
 * queue up while a write is in flight are merged into one (same end state, one round trip), so a
 * burst of trades costs a few writes, not one each. Each span Redis
 * did not get from this leader becomes a repair job:
 * - on taking over, from the stored `lastEventTime` (the previous leader's last write, or the last
 *   write before this process started) to the first step this leader writes;
 * - after failed writes, from the last successful write to the first one that succeeds again (which
 *   re-writes the whole current state, as the failed steps are gone).
 */
@Injectable()
export class LeaderWrites {
  private readonly queue = new SerialQueue();
  private readonly waiting: WriteStep[] = [];
  private flushQueued = false;
  private takeoverGapFrom: number | undefined;
  private failedFrom: number | undefined;
  private lastWritten: number | undefined;
  private readonly counts = { stepsWritten: 0, stepsRefused: 0, writeErrors: 0 };

  constructor(
    private readonly writer: MarketWriter,
    private readonly lease: LeaseService,
    private readonly gaps: GapRecorder,
    private readonly sources: MarketSources,
    private readonly env: IngestorEnvironment,
    private readonly logger: AppLogger,
    private readonly lag: WriteLag,
  ) {}

  stats(): WriteStats {
    return { ...this.counts, pendingWrites: this.queue.pending + this.waiting.length };
  }

  submit(step: WriteStep): void {
    if (!this.lease.isLeader || isEmptyStep(step)) return;
    this.waiting.push(step);
    // A burst queues a step per frame while a write is in flight: merged as they come, the queue
    // stays short and its superseded values are freed at once (the same end state: mergeSteps).
    if (this.waiting.length >= MERGE_QUEUED_AT) {
      const merged = stepsByExchange(this.waiting).map(mergeSteps);
      this.waiting.splice(0, this.waiting.length, ...merged);
    }
    if (this.flushQueued) return;
    this.flushQueued = true;
    this.queue.run(() => this.flush());
  }

  private async flush(): Promise<void> {
    this.flushQueued = false;
    const steps = this.waiting.splice(0);
    for (const run of stepsByExchange(steps)) await this.write(mergeSteps(run));
  }

  /** This process just became leader: find the gap since the last write, then write all it knows. */
  takeOver(): void {
    this.queue.run(async () => {
      this.failedFrom = undefined;
      this.lastWritten = undefined;
      try {
        this.takeoverGapFrom = await this.writer.lastEventTime(this.env.SYMBOL);
      } catch (error) {
        this.takeoverGapFrom = undefined;
        this.logger.warn({ error: String(error) }, 'takeover-read-failed');
      }
      const snapshot = this.sources.snapshot();
      if (snapshot) await this.write(snapshot);
    });
  }

  resign(): void {
    this.takeoverGapFrom = undefined;
    this.failedFrom = undefined;
  }

  drained(): Promise<void> {
    return this.queue.drained();
  }

  private async write(step: WriteStep): Promise<void> {
    if (!this.lease.isLeader) return;
    // After a failure the steps in between are lost: write the whole current state instead.
    const toWrite = this.failedFrom === undefined ? step : (this.sources.snapshot() ?? step);
    try {
      const outcome = await this.writer.write(this.env.SYMBOL, this.lease.ownerId, toWrite);
      if (!outcome.written) {
        this.counts.stepsRefused += 1;
        this.logger.warn(
          {
            reason: 'not-lease-owner',
            eventTime: toWrite.eventTime,
          },
          'write-refused',
        );
        this.lease.stepDown('fenced');
        return;
      }
      this.counts.stepsWritten += 1;
      this.lag.observe(toWrite.eventTime);
      this.afterWrite(toWrite.eventTime);
    } catch (error) {
      this.counts.writeErrors += 1;
      if (this.failedFrom !== undefined) return;
      this.failedFrom = this.lastWritten ?? step.eventTime;
      // Redis refusing for now (full, read-only, loading, away) is an outage, logged as one; the
      // gap is repaired once writes pass again. Anything else is a bug.
      const refusal = storageRefusalOf(error);
      const fields = { error: String(error), cause: refusal?.cause, eventTime: step.eventTime };
      if (refusal) this.logger.warn(fields, 'write-failed');
      else this.logger.error(fields, 'write-failed');
    }
  }

  private afterWrite(eventTime: number): void {
    if (this.failedFrom !== undefined) {
      void this.gaps.record(this.failedFrom, eventTime, 'write-failure');
      this.failedFrom = undefined;
    }
    if (this.takeoverGapFrom !== undefined && eventTime > this.takeoverGapFrom) {
      void this.gaps.record(this.takeoverGapFrom, eventTime, 'takeover');
      this.takeoverGapFrom = undefined;
    }
    this.lastWritten = Math.max(this.lastWritten ?? eventTime, eventTime);
  }
}
