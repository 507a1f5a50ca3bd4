import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { RedisClient } from '../redis-connection';
import { REDIS_COMMAND } from '../redis.tokens';
import { RedisScripts } from '../scripts/redis-scripts';
import type { RunScript } from '../scripts/lua-script';
import { INCREMENT_WINDOWS_SCRIPT, type WindowCount } from './fixed-window.lua';
import { SettlementQueue } from './settlement-queue';
import { bySlotGroup, slotPartOf } from './slot-part';
import { type HitTally, TallyBuffer, type TallyWrite } from './tally-buffer';
import {
  answerCounted,
  answerMetered,
  type CallWindows,
  type CounterTally,
  type PendingHit,
  repliesOf,
  scriptArguments,
  windowsOf,
} from './window-calls';
import { LEASE_MIN_LIMIT, type Settlement, WindowLeases } from './window-leases';

export type { CounterTally, HitTally, WindowCount };
export { slotPartOf };

/** Tallies of a slot are written at most this often: with a call of the slot, or alone when idle. */
const TALLY_FLUSH_MS = 1000;

/** Hits sent in one script call at most, so one call never holds Redis for long. */
const MOST_HITS_PER_CALL = 256;

/**
 * After a call is answered, the next one waits this many more event-loop turns: under load each
 * turn reads more requests, so a call carries about twice the hits (26 instead of 14 in the bench)
 * for the same fixed cost of a call in both processes; an idle turn takes microseconds.
 */
const TURNS_GATHERED_AFTER_AN_ANSWER = 2;

/** How often leases that are over are looked for, and settled with Redis. */
const LEASE_SWEEP_MS = 20;

/** A hit refused while other replicas' leases are out asks again after this long at most. */
const LEASE_WAIT_MS = 20;

const NO_SETTLEMENTS: ReadonlyMap<string, Settlement> = new Map();

/**
 * Fixed-window counters in Redis, shared by every replica, so three replicas together let exactly
 * `limit` hits through a window. Hits go in one script call (per slot on a Cluster) at the end of
 * their event-loop turn, or, while calls are in flight, two turns after the last of them is
 * answered: an idle counter sends at once, a busy one sends what a round trip gathered in one
 * call, a key's hits in it as one INCRBY (a busy caller's hits mostly share one key). Written here
 * because ioredis' auto-pipelining still makes one command, one promise chain and one Lua call in
 * Redis per hit, which was a third of the gateway's cost per request.
 * A hit's tally (usage history) is added up in memory and written by the next call of its slot, at
 * most a second later: an HINCRBY per request would cost Redis twice what the counting does.
 *
 * Hits counted with `increment` all count, refused ones too. Hits of a busy key with a high limit
 * counted with `meter` are let through up to the limit and may lease more (WindowLeases): a
 * lease's hits need no round trip (in the bench, Redis' CPU a price request fell from about 4 µs to
 * 0.4); a hit refused while leases are out waits until they settle, so the count stays exact
 * across replicas.
 */
@Injectable()
export class FixedWindowCounter implements OnModuleDestroy {
  readonly tally: CounterTally = { byRedis: 0, byLease: 0, waits: 0 };
  private readonly incrementWindows: RunScript<number[]>;
  private readonly groupOf: (key: string) => string;
  private readonly tallies = new TallyBuffer(TALLY_FLUSH_MS);
  private readonly leases = new WindowLeases();
  private readonly timers: NodeJS.Timeout[];
  private pending: PendingHit[] = [];
  private readonly settlements = new SettlementQueue();
  /** Script calls of hits sent and not answered yet. */
  private inFlight = 0;
  private flushQueued = false;

  constructor(scripts: RedisScripts, @Inject(REDIS_COMMAND) redis: RedisClient) {
    this.incrementWindows = scripts.bind(INCREMENT_WINDOWS_SCRIPT);
    this.groupOf = redis.isCluster ? slotPartOf : () => '';
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
    return this.enqueue(key, windowMs, undefined, tally);
  }

  /**
   * One hit of `key`'s window against `limit`: its count if let through (at most `limit`), else
   * `limit + 1`. Keys with a low limit or no `{tag}` (a lease record must share the slot) are
   * counted as with `increment`.
   */
  meter(key: string, windowMs: number, limit: number, tally?: HitTally): Promise<WindowCount> {
    if (limit < LEASE_MIN_LIMIT || slotPartOf(key) === key) return this.increment(key, windowMs, tally);
    if (tally && slotPartOf(tally.key) !== slotPartOf(key)) return this.enqueue(key, windowMs, limit, tally);
    const served = this.serveFromLease(key, tally, Date.now());
    if (served) return Promise.resolve(served);
    return this.enqueue(key, windowMs, limit, tally);
  }

  /** Writes what is left (a gateway stopping), so at most the counts of a crash are lost. */
  async onModuleDestroy(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    const now = Date.now();
    for (const [key, settlement] of this.leases.endAll(now)) this.settlements.add(key, settlement);
    const settlements = this.settlements.take(this.groupOf);
    const groups = new Set([...this.tallies.groups(), ...settlements.keys()]);
    await Promise.allSettled(
      [...groups].map((group) => this.sendWithoutHits(settlements.get(group), this.tallies.take(group, now))),
    );
  }

  private enqueue(
    key: string,
    windowMs: number,
    limit: number | undefined,
    tally: HitTally | undefined,
  ): Promise<WindowCount> {
    if (tally && slotPartOf(tally.key) !== slotPartOf(key)) {
      return Promise.reject(new Error(`tally ${tally.key} is not in the slot of ${key}`));
    }
    return new Promise((resolve, reject) => {
      this.pending.push({ key, windowMs, limit, tally, resolve, reject });
      this.queueFlush(0);
    });
  }

  /** A hit counted from the key's lease; a lease found spent is ended, to settle with the next call. */
  private serveFromLease(key: string, tally: HitTally | undefined, now: number): WindowCount | undefined {
    const count = this.leases.serve(key, now);
    if (count) {
      this.tally.byLease += 1;
      if (tally) this.tallies.add(this.groupOf(key), tally, false);
      return count;
    }
    const settlement = this.leases.endIfSpent(key, now);
    if (settlement) this.settlements.add(key, settlement);
    return undefined;
  }

  private settleOverdueLeases(): void {
    const ended = this.leases.endOverdue(Date.now());
    for (const [key, settlement] of ended) this.settlements.add(key, settlement);
    if (ended.length > 0) this.queueFlush(0);
  }

  /**
   * At the end of this turn (or `laterTurns` turns after it), unless calls are in flight: then
   * once the last one is answered.
   */
  private queueFlush(laterTurns: number): void {
    if (this.flushQueued || this.inFlight > 0) return;
    this.flushQueued = true;
    this.flushAtEndOfTurn(laterTurns);
  }

  private flushAtEndOfTurn(laterTurns: number): void {
    setImmediate(() => {
      if (laterTurns > 0) {
        this.flushAtEndOfTurn(laterTurns - 1);
        return;
      }
      this.flushQueued = false;
      this.flush();
    });
  }

  private callEnded(): void {
    this.inFlight -= 1;
    if (this.inFlight === 0 && (this.pending.length > 0 || this.settlements.size > 0)) {
      this.queueFlush(TURNS_GATHERED_AFTER_AN_ANSWER);
    }
  }

  private flush(): void {
    const groups = bySlotGroup(this.pending, (hit) => this.groupOf(hit.key));
    this.pending = [];
    const settlements = this.settlements.take(this.groupOf);
    for (const group of settlements.keys()) if (!groups.has(group)) groups.set(group, []);
    const now = Date.now();
    for (const [group, hits] of groups) {
      const chunks = Math.max(1, Math.ceil(hits.length / MOST_HITS_PER_CALL));
      for (let chunk = 0; chunk < chunks; chunk += 1) {
        const first = chunk === 0;
        const windows = windowsOf(
          hits.slice(chunk * MOST_HITS_PER_CALL, (chunk + 1) * MOST_HITS_PER_CALL),
          (first && settlements.get(group)) || NO_SETTLEMENTS,
        );
        this.send(group, windows, first ? this.tallies.takeDue(group, now) : [], now);
      }
    }
  }

  /** The tallies of slots that no call carried for a while. */
  private flushTallies(): void {
    const now = Date.now();
    for (const group of this.tallies.groups()) {
      void this.sendWithoutHits(undefined, this.tallies.takeDue(group, now)).catch(() => undefined);
    }
  }

  /** A call with no hits, for tallies and settlements; lost (not retried) when Redis fails. */
  private sendWithoutHits(
    settlements: ReadonlyMap<string, Settlement> = NO_SETTLEMENTS,
    tallies: readonly TallyWrite[] = [],
  ): Promise<unknown> {
    const { keys, args } = scriptArguments(windowsOf([], settlements), tallies);
    return keys.length > 0 ? this.incrementWindows(keys, ...args) : Promise.resolve();
  }

  private send(group: string, windows: CallWindows, tallies: readonly TallyWrite[], now: number): void {
    for (const window of windows.metered) {
      window.lease = this.leases.wanted(window.key, window.limit, window.hits.length, now);
    }
    const { keys, args } = scriptArguments(windows, tallies);
    this.inFlight += 1;
    this.incrementWindows(keys, ...args).then(
      (numbers) => {
        this.callEnded();
        this.answer(group, windows, numbers, now);
      },
      (error: unknown) => {
        this.callEnded();
        this.rejectAll(windows, error);
      },
    );
  }

  private answer(group: string, windows: CallWindows, numbers: readonly number[], sentAt: number): void {
    let replies: ReturnType<typeof repliesOf>;
    try {
      replies = repliesOf(windows, numbers);
    } catch (error) {
      this.rejectAll(windows, error);
      return;
    }
    const tallyHit = (hit: PendingHit, rejected: boolean): void => {
      this.tally.byRedis += 1;
      if (hit.tally) this.tallies.add(group, hit.tally, rejected);
    };
    for (const [window, count] of replies.counted) answerCounted(window, count, tallyHit);
    let granted = false;
    for (const [window, reply] of replies.metered) {
      if (window.lease > 0) this.leases.answered(window.key, { ...reply, sentAt });
      granted ||= reply.granted > 0;
      const waiting = answerMetered(window, reply, tallyHit);
      this.tally.waits += waiting.length;
      if (waiting.length > 0) this.askAgain(waiting, Math.min(reply.leasesMsLeft, LEASE_WAIT_MS));
    }
    // Hits that came while the lease was asked for.
    if (granted) this.pending = this.unservedByLeases(this.pending);
  }

  private askAgain(hits: readonly PendingHit[], afterMs: number): void {
    setTimeout(() => {
      this.pending.push(...this.unservedByLeases(hits));
      this.queueFlush(0);
    }, afterMs);
  }

  /** Answers the hits their key's lease can count now; returns the others. */
  private unservedByLeases(hits: readonly PendingHit[]): PendingHit[] {
    const now = Date.now();
    return hits.filter((hit) => {
      const served = hit.limit === undefined ? undefined : this.serveFromLease(hit.key, hit.tally, now);
      if (served) hit.resolve(served);
      return !served;
    });
  }

  private rejectAll(windows: CallWindows, error: unknown): void {
    for (const window of windows.metered) if (window.lease > 0) this.leases.answered(window.key, undefined);
    for (const window of [...windows.counted, ...windows.metered]) {
      for (const hit of window.hits) hit.reject(error);
    }
  }
}
