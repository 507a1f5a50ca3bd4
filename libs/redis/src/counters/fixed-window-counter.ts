import { Inject, Injectable, type OnModuleDestroy, Optional } from '@nestjs/common';
import type { RedisClient } from '../redis-connection';
import { REDIS_COMMAND } from '../redis.tokens';
import { RedisScripts } from '../scripts/redis-scripts';
import { COUNTER_OPTIONS, type CounterOptions } from './counter-options';
import { INCREMENT_WINDOWS_SCRIPT, type WindowCount } from './fixed-window.lua';
import { DEFAULT_LEASE_POLICY } from './lease-policy';
import { LeaseWaits } from './lease-waits';
import { LeasedHits } from './leased-hits';
import { bySlotGroup, inCalls, slotGroupsOf, slotPartOf } from './slot-part';
import { type HitTally, TallyBuffer } from './tally-buffer';
import { TurnBatcher } from './turn-batcher';
import { type CounterTally, type PendingHit, windowsOf } from './window-calls';
import { WindowCaller } from './window-caller';
import { WindowLeases } from './window-leases';

export type { CounterTally, HitTally, WindowCount };
export { slotPartOf };

/** Tallies of a slot are written at most this often: with a call of the slot, or alone when idle. */
const TALLY_FLUSH_MS = 1000;

/** How often leases that are over are looked for, and settled with Redis. */
const LEASE_SWEEP_MS = 20;

/**
 * Fixed-window counters in Redis, shared by every replica, so three replicas together let exactly
 * `limit` hits through a window. Made of parts, each with one job: the hits of an event-loop turn
 * go out together (TurnBatcher), one script call per Cluster slot group of 256 hits at most
 * (slot-part), a key's hits in it as one INCRBY (window-calls, WindowCaller); a hit's usage tally
 * is added up in memory and written by the next call of its slot, at most a second later
 * (TallyBuffer); a busy key with a high limit counted with `meter` leases hits ahead and settles
 * the unused ones with its window only (LeasedHits, WindowLeases, fixed-window.lua.ts); a hit
 * refused while other replicas' leases are out waits for them and asks again (LeaseWaits).
 * Hits counted with `increment` all count, refused ones too.
 */
@Injectable()
export class FixedWindowCounter implements OnModuleDestroy {
  readonly tally: CounterTally = { byRedis: 0, byLease: 0, waits: 0, lateReturnsDropped: 0 };
  private readonly now: () => number;
  /** Keys limited below this are counted hit by hit, as with `increment` (LeasePolicy.minLimit). */
  private readonly minLeaseLimit: number;
  private readonly groupOf: (key: string) => string;
  private readonly tallies = new TallyBuffer(TALLY_FLUSH_MS);
  private readonly leases: LeasedHits;
  private readonly batcher = new TurnBatcher(
    () => {
      this.flush();
    },
    () => this.pending.length > 0 || this.leases.unsettled,
  );
  private readonly caller: WindowCaller;
  private readonly timers: NodeJS.Timeout[];
  private pending: PendingHit[] = [];

  constructor(
    scripts: RedisScripts,
    @Inject(REDIS_COMMAND) redis: RedisClient,
    @Optional() @Inject(COUNTER_OPTIONS) options: CounterOptions = {},
  ) {
    const policy = { ...DEFAULT_LEASE_POLICY, ...options.leases };
    this.now = options.now ?? (() => Date.now());
    this.groupOf = slotGroupsOf(redis.isCluster);
    this.leases = new LeasedHits(new WindowLeases(policy), () => (this.tally.byLease += 1));
    this.caller = new WindowCaller({
      run: scripts.bind(INCREMENT_WINDOWS_SCRIPT),
      batcher: this.batcher,
      leases: this.leases,
      waits: new LeaseWaits((hits) => {
        this.askAgain(hits);
      }),
      tallies: this.tallies,
      tally: this.tally,
      leaseRecordMs: policy.recordMs,
      granted: () => (this.pending = this.unservedByLeases(this.pending)),
    });
    this.minLeaseLimit = policy.minLimit;
    this.timers = [
      // Tallies of a slot no hit went to since: written on their own, once a second at most.
      setInterval(() => {
        this.flushTallies();
      }, TALLY_FLUSH_MS).unref(),
      setInterval(() => {
        this.settleOverdueLeases();
      }, LEASE_SWEEP_MS).unref(),
    ];
  }

  /** One more hit of `key`'s window, refused or not: the window's count after it. */
  increment(key: string, windowMs: number, tally?: HitTally): Promise<WindowCount> {
    return this.enqueue({ key, windowMs, limit: undefined, tally });
  }

  /**
   * One hit of `key`'s window against `limit`: its count if let through (at most `limit`), else
   * `limit + 1`. Keys with a low limit or no `{tag}` (a lease record must share the slot) are
   * counted as with `increment`.
   */
  meter(key: string, windowMs: number, limit: number, tally?: HitTally): Promise<WindowCount> {
    if (limit < this.minLeaseLimit || slotPartOf(key) === key) return this.increment(key, windowMs, tally);
    const served = this.sameSlot(key, tally) ? this.serveFromLease(key, tally) : undefined;
    return served ? Promise.resolve(served) : this.enqueue({ key, windowMs, limit, tally });
  }

  /** Writes what is left (a gateway stopping), so at most the counts of a crash are lost. */
  async onModuleDestroy(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    const now = this.now();
    this.leases.endAll(now);
    const settlements = this.leases.takeSettlements(this.groupOf);
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

  private serveFromLease(key: string, tally: HitTally | undefined): WindowCount | undefined {
    const count = this.leases.serve(key, this.now());
    if (count && tally) this.tallies.add(this.groupOf(key), tally, false);
    return count;
  }

  private settleOverdueLeases(): void {
    if (this.leases.endOverdue(this.now())) this.batcher.soon();
  }

  private askAgain(hits: readonly PendingHit[]): void {
    this.pending.push(...this.unservedByLeases(hits));
    this.batcher.soon();
  }

  /** Answers the hits their key's lease can count now; returns the others. */
  private unservedByLeases(hits: readonly PendingHit[]): PendingHit[] {
    return hits.filter((hit) => {
      const served = hit.limit === undefined ? undefined : this.serveFromLease(hit.key, hit.tally);
      if (served) hit.resolve(served);
      return !served;
    });
  }

  /** Sends the waiting hits and settlements: a call per slot group and MOST_HITS_PER_CALL hits. */
  private flush(): void {
    const groups = bySlotGroup(this.pending, (hit) => this.groupOf(hit.key));
    this.pending = [];
    const settlements = this.leases.takeSettlements(this.groupOf);
    for (const group of settlements.keys()) if (!groups.has(group)) groups.set(group, []);
    const now = this.now();
    for (const [group, hits] of groups) {
      inCalls(hits).forEach((callHits, call) => {
        const first = call === 0;
        const windows = windowsOf(callHits, (first && settlements.get(group)) || new Map());
        this.caller.send(group, windows, first ? this.tallies.takeDue(group, now) : [], now);
      });
    }
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
