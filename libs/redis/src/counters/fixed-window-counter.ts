import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { RedisClient } from '../redis-connection';
import { REDIS_COMMAND } from '../redis.tokens';
import { RedisScripts } from '../scripts/redis-scripts';
import type { RunScript } from '../scripts/lua-script';
import { INCREMENT_WINDOWS_SCRIPT, type WindowCount } from './fixed-window.lua';
import { type HitTally, TallyBuffer, type TallyWrite } from './tally-buffer';

export type { HitTally, WindowCount };

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

interface PendingHit {
  readonly key: string;
  readonly windowMs: number;
  readonly tally: HitTally | undefined;
  readonly resolve: (count: WindowCount) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The part of a key Redis Cluster hashes to a slot: the first non-empty `{tag}`, else the whole key.
 * Keys with the same part share a slot, so one script may touch them all.
 */
export function slotPartOf(key: string): string {
  const open = key.indexOf('{');
  const close = open < 0 ? -1 : key.indexOf('}', open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : key;
}

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
 */
@Injectable()
export class FixedWindowCounter implements OnModuleDestroy {
  private readonly incrementWindows: RunScript<WindowCount[]>;
  private readonly groupOf: (key: string) => string;
  private readonly tallies = new TallyBuffer(TALLY_FLUSH_MS);
  private readonly tallyTimer: NodeJS.Timeout;
  private pending: PendingHit[] = [];
  /** Script calls of hits sent and not answered yet. */
  private inFlight = 0;
  private flushQueued = false;

  constructor(scripts: RedisScripts, @Inject(REDIS_COMMAND) redis: RedisClient) {
    this.incrementWindows = scripts.bind(INCREMENT_WINDOWS_SCRIPT);
    this.groupOf = redis.isCluster ? slotPartOf : () => '';
    // Tallies of a slot no hit went to since: written on their own, once a second at most.
    this.tallyTimer = setInterval(() => {
      this.flushTallies();
    }, TALLY_FLUSH_MS).unref();
  }

  increment(key: string, windowMs: number, tally?: HitTally): Promise<WindowCount> {
    if (tally && slotPartOf(tally.key) !== slotPartOf(key)) {
      return Promise.reject(new Error(`tally ${tally.key} is not in the slot of ${key}`));
    }
    return new Promise((resolve, reject) => {
      this.pending.push({ key, windowMs, tally, resolve, reject });
      this.queueFlush(0);
    });
  }

  /** Writes what is left (a gateway stopping), so at most the counts of a crash are lost. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.tallyTimer);
    await Promise.allSettled(
      this.tallies.groups().map((group) => this.sendTallies(this.tallies.take(group, Date.now()))),
    );
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
    if (this.inFlight === 0 && this.pending.length > 0) this.queueFlush(TURNS_GATHERED_AFTER_AN_ANSWER);
  }

  private flush(): void {
    const groups = new Map<string, PendingHit[]>();
    for (const hit of this.pending) {
      const group = this.groupOf(hit.key);
      const hits = groups.get(group);
      if (hits) hits.push(hit);
      else groups.set(group, [hit]);
    }
    this.pending = [];
    const now = Date.now();
    for (const [group, hits] of groups) {
      for (let start = 0; start < hits.length; start += MOST_HITS_PER_CALL) {
        const tallies = start === 0 ? this.tallies.takeDue(group, now) : [];
        this.send(group, hits.slice(start, start + MOST_HITS_PER_CALL), tallies);
      }
    }
  }

  /** The tallies of slots that no call carried for a while. */
  private flushTallies(): void {
    const now = Date.now();
    for (const group of this.tallies.groups()) {
      void this.sendTallies(this.tallies.takeDue(group, now)).catch(() => undefined);
    }
  }

  /** A call with no hits, for tallies only; lost (not retried) when Redis fails, never counted twice. */
  private sendTallies(writes: readonly TallyWrite[]): Promise<unknown> {
    if (writes.length === 0) return Promise.resolve();
    const { keys, args } = scriptArguments([], writes);
    return this.incrementWindows(keys, ...args);
  }

  private send(group: string, hits: readonly PendingHit[], tallies: readonly TallyWrite[]): void {
    const windows = windowsOf(hits);
    const { keys, args } = scriptArguments(windows, tallies);
    this.inFlight += 1;
    this.incrementWindows(keys, ...args).then(
      (counts) => {
        this.callEnded();
        this.answer(group, windows, counts);
      },
      (error: unknown) => {
        this.callEnded();
        for (const hit of hits) hit.reject(error);
      },
    );
  }

  /** Each hit its own count, in the order of the call, as if each had been an INCR of its own. */
  private answer(group: string, windows: readonly PendingWindow[], counts: readonly WindowCount[]): void {
    windows.forEach((window, index) => {
      const count = counts[index];
      if (!count) {
        for (const hit of window.hits)
          hit.reject(new Error(`no window count for key ${index} of ${windows.length}`));
        return;
      }
      let hits = count.hits - window.hits.length;
      for (const hit of window.hits) {
        hits += 1;
        if (hit.tally) this.tallies.add(group, hit.tally, hits > hit.tally.limit);
        hit.resolve({ hits, msLeft: count.msLeft });
      }
    });
  }
}

/** A call's hits by key, keys in order of their first hit: one INCRBY a key instead of an INCR a hit. */
interface PendingWindow {
  readonly key: string;
  /** The first hit's window: as with one INCR a hit, a later hit cannot change a started window. */
  readonly windowMs: number;
  readonly hits: PendingHit[];
}

function windowsOf(hits: readonly PendingHit[]): PendingWindow[] {
  const byKey = new Map<string, PendingWindow>();
  for (const hit of hits) {
    const window = byKey.get(hit.key);
    if (window) window.hits.push(hit);
    else byKey.set(hit.key, { key: hit.key, windowMs: hit.windowMs, hits: [hit] });
  }
  return [...byKey.values()];
}

/** The window keys, then the tally hashes; ARGV as fixed-window.lua.ts describes it. */
function scriptArguments(
  windows: readonly PendingWindow[],
  tallies: readonly TallyWrite[],
): { keys: string[]; args: (string | number)[] } {
  const keys = windows.map((window) => window.key);
  const args: (string | number)[] = [windows.length];
  for (const window of windows) args.push(window.windowMs, window.hits.length);
  for (const tally of tallies) {
    keys.push(tally.key);
    args.push(tally.expireAtSeconds, tally.fields.size);
    for (const [field, amount] of tally.fields) args.push(field, amount);
  }
  return { keys, args };
}

export function secondsLeft(count: WindowCount): number {
  return Math.max(1, Math.ceil(count.msLeft / 1000));
}
