import { Inject, Injectable, type OnModuleDestroy, Optional } from '@nestjs/common';
import type { RedisClient } from '../redis-connection';
import { REDIS_COMMAND } from '../redis.tokens';
import { RedisScripts } from '../scripts/redis-scripts';
import { COUNTER_OPTIONS, type CounterOptions } from './counter-options';
import { INCREMENT_WINDOWS_SCRIPT, type WindowCount } from './fixed-window.lua';
import { DEFAULT_ALLOTMENT_POLICY } from './allotment-policy';
import { AllotmentWaits } from './allotment-waits';
import { AllottedHits } from './allotted-hits';
import { bySlotGroup, inCalls, slotGroupsOf, slotPartOf } from './slot-part';
import { type HitTally, TallyBuffer } from './tally-buffer';
import { TurnBatcher } from './turn-batcher';
import { type CounterTally, type PendingHit, windowsOf } from './window-calls';
import { WindowCaller } from './window-caller';
import { WindowAllotments } from './window-allotments';

export type { CounterTally, HitTally, WindowCount };
export { slotPartOf };

/** Tallies of a slot are written at most this often: with a call of the slot, or alone when idle. */
const TALLY_FLUSH_MS = 1000;

/**
 * How often allotments that are over are looked for, and settled with Redis, while there are any
 * (or keys remembered as busy): an idle replica is not woken 50 times a second (1 % of a slow core).
 */
const ALLOTMENT_SWEEP_MS = 20;

/**
 * Fixed-window counters in Redis, shared by every replica, so three replicas together let exactly
 * `limit` hits through a window. Made of parts, each with one job: the hits of an event-loop turn
 * go out together (TurnBatcher), one script call per Cluster slot group of 256 hits at most
 * (slot-part), a key's hits in it as one INCRBY (window-calls, WindowCaller); a hit's usage tally
 * is added up in memory and written by the next call of its slot, at most a second later
 * (TallyBuffer); a busy key with a high limit counted with `meter` is allotted hits ahead and settles
 * the unused ones with its window only (AllottedHits, WindowAllotments, fixed-window.lua.ts); a hit
 * refused while other replicas' allotments are out waits for them and asks again (AllotmentWaits).
 * Hits counted with `increment` all count, refused ones too.
 */
@Injectable()
export class FixedWindowCounter implements OnModuleDestroy {
  readonly tally: CounterTally = { byRedis: 0, byAllotment: 0, waits: 0, lateReturnsDropped: 0 };
  private readonly now: () => number;
  /** Keys limited below this are counted hit by hit, as with `increment` (AllotmentPolicy.minLimit). */
  private readonly minAllotmentLimit: number;
  private readonly groupOf: (key: string) => string;
  private readonly tallies = new TallyBuffer(TALLY_FLUSH_MS);
  private readonly allotments: AllottedHits;
  private readonly batcher = new TurnBatcher(
    () => {
      this.flush();
    },
    () => this.pending.length > 0 || this.allotments.unsettled,
  );
  private readonly caller: WindowCaller;
  private readonly tallyFlush: NodeJS.Timeout;
  /** The sweep of allotments that are over: runs only while there is something to sweep. */
  private sweep: NodeJS.Timeout | undefined;
  private pending: PendingHit[] = [];

  constructor(
    scripts: RedisScripts,
    @Inject(REDIS_COMMAND) redis: RedisClient,
    @Optional() @Inject(COUNTER_OPTIONS) options: CounterOptions = {},
  ) {
    const policy = { ...DEFAULT_ALLOTMENT_POLICY, ...options.allotments };
    this.now = options.now ?? (() => Date.now());
    this.groupOf = slotGroupsOf(redis.isCluster);
    this.allotments = new AllottedHits(new WindowAllotments(policy), () => (this.tally.byAllotment += 1));
    this.caller = new WindowCaller({
      run: scripts.bind(INCREMENT_WINDOWS_SCRIPT),
      batcher: this.batcher,
      allotments: this.allotments,
      waits: new AllotmentWaits((hits) => {
        this.askAgain(hits);
      }),
      tallies: this.tallies,
      tally: this.tally,
      allotmentRecordMs: policy.recordMs,
      granted: () => {
        this.pending = this.unservedByAllotments(this.pending);
        this.keepSweeping();
      },
    });
    this.minAllotmentLimit = policy.minLimit;
    // Tallies of a slot no hit went to since: written on their own, once a second at most.
    this.tallyFlush = setInterval(() => {
      this.flushTallies();
    }, TALLY_FLUSH_MS).unref();
  }

  /** One more hit of `key`'s window, refused or not: the window's count after it. */
  increment(key: string, windowMs: number, tally?: HitTally): Promise<WindowCount> {
    return this.enqueue({ key, windowMs, limit: undefined, tally });
  }

  /**
   * One hit of `key`'s window against `limit`: its count if let through (at most `limit`), else
   * `limit + 1`. Keys with a low limit or no `{tag}` (an allotment record must share the slot) are
   * counted as with `increment`.
   */
  meter(key: string, windowMs: number, limit: number, tally?: HitTally): Promise<WindowCount> {
    const served = this.meterAllotted(key, limit, tally);
    return served ? Promise.resolve(served) : this.meterByRedis(key, windowMs, limit, tally);
  }

  /** `meter`'s trip to Redis, for a hit `meterAllotted` could not count (it is not asked again). */
  meterByRedis(key: string, windowMs: number, limit: number, tally?: HitTally): Promise<WindowCount> {
    if (limit < this.minAllotmentLimit || slotPartOf(key) === key)
      return this.increment(key, windowMs, tally);
    return this.enqueue({ key, windowMs, limit, tally });
  }

  /**
   * `meter`'s answer when this replica's allotment of `key`'s window counts the hit now, with no
   * trip and no promise (the price request's common path); undefined when `meterByRedis` must be called.
   */
  meterAllotted(key: string, limit: number, tally?: HitTally): WindowCount | undefined {
    if (limit < this.minAllotmentLimit || !this.sameSlot(key, tally)) return undefined;
    return this.serveFromAllotment(key, tally);
  }

  /** Writes what is left (a gateway stopping), so at most the counts of a crash are lost. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.tallyFlush);
    clearInterval(this.sweep);
    const now = this.now();
    this.allotments.endAll(now);
    const settlements = this.allotments.takeSettlements(this.groupOf);
    const groups = new Set([...this.tallies.groups(), ...settlements.keys()]);
    await Promise.allSettled(
      [...groups].map((group) =>
        this.caller.sendWithoutHits(
          windowsOf([], settlements.get(group) ?? new Map()),
          this.tallies.take(group, now),
        ),
      ),
    );
  }

  private sameSlot(key: string, tally: HitTally | undefined): boolean {
    return !tally || slotPartOf(tally.key) === slotPartOf(key);
  }

  private enqueue(hit: Omit<PendingHit, 'resolve' | 'reject'>): Promise<WindowCount> {
    if (!this.sameSlot(hit.key, hit.tally)) {
      return Promise.reject(new Error(`tally ${hit.tally?.key} is not in the slot of ${hit.key}`));
    }
    return new Promise((resolve, reject) => {
      this.pending.push({ ...hit, resolve, reject });
      this.batcher.soon();
    });
  }

  private serveFromAllotment(key: string, tally: HitTally | undefined): WindowCount | undefined {
    const count = this.allotments.serve(key, this.now());
    if (count && tally) this.tallies.add(this.groupOf(key), tally, false);
    return count;
  }

  /** Starts the sweep of allotments that are over, unless it runs or there is nothing to sweep. */
  private keepSweeping(): void {
    if (this.sweep !== undefined || this.allotments.empty) return;
    this.sweep = setInterval(() => {
      this.settleOverdueAllotments();
    }, ALLOTMENT_SWEEP_MS).unref();
  }

  private settleOverdueAllotments(): void {
    if (this.allotments.endOverdue(this.now())) this.batcher.soon();
    if (!this.allotments.empty) return;
    clearInterval(this.sweep);
    this.sweep = undefined;
  }

  private askAgain(hits: readonly PendingHit[]): void {
    this.pending.push(...this.unservedByAllotments(hits));
    this.batcher.soon();
  }

  /** Answers the hits their key's allotment can count now; returns the others. */
  private unservedByAllotments(hits: readonly PendingHit[]): PendingHit[] {
    return hits.filter((hit) => {
      const served = hit.limit === undefined ? undefined : this.serveFromAllotment(hit.key, hit.tally);
      if (served) hit.resolve(served);
      return !served;
    });
  }

  /** Sends the waiting hits and settlements: a call per slot group and MOST_HITS_PER_CALL hits. */
  private flush(): void {
    const groups = bySlotGroup(this.pending, (hit) => this.groupOf(hit.key));
    this.pending = [];
    const settlements = this.allotments.takeSettlements(this.groupOf);
    for (const group of settlements.keys()) if (!groups.has(group)) groups.set(group, []);
    const now = this.now();
    for (const [group, hits] of groups) {
      inCalls(hits).forEach((callHits, call) => {
        const first = call === 0;
        const windows = windowsOf(callHits, (first && settlements.get(group)) || new Map());
        this.caller.send(group, windows, first ? this.tallies.takeDue(group, now) : [], now);
      });
    }
    // The calls asked for allotments of busy keys (and remembered them): their ends are swept.
    this.keepSweeping();
  }

  /** The tallies of slots that no call carried for a while. */
  private flushTallies(): void {
    const now = this.now();
    for (const group of this.tallies.groups()) {
      const writes = this.tallies.takeDue(group, now);
      void this.caller.sendWithoutHits(windowsOf([], new Map()), writes).catch(() => undefined);
    }
  }
}
