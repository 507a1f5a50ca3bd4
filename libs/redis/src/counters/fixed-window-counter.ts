import { Inject, Injectable } from '@nestjs/common';
import type { RedisClient } from '../redis-connection';
import { REDIS_COMMAND } from '../redis.tokens';
import { RedisScripts } from '../scripts/redis-scripts';
import type { RunScript } from '../scripts/lua-script';
import { INCREMENT_WINDOWS_SCRIPT, type WindowCount } from './fixed-window.lua';

export type { WindowCount };

/** Hits sent in one script call at most, so one call never holds Redis for long. */
const MOST_HITS_PER_CALL = 256;

/**
 * Where a hit is also tallied: one more to `<field>:requests` in the hash `key`, and to
 * `<field>:rejected` when the window's hits pass `limit`. The hash must share the window key's
 * Cluster slot (the same `{tag}`), as the script touches both.
 */
export interface HitTally {
  readonly key: string;
  readonly field: string;
  readonly limit: number;
  /** When the hash expires, epoch seconds. */
  readonly expireAtSeconds: number;
}

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
 * `limit` hits through a window. Hits of one event-loop turn go in one script call (per slot on a
 * Cluster): written here because ioredis' auto-pipelining still makes one command, one promise
 * chain and one Lua call in Redis per hit, which was a third of the gateway's cost per request.
 */
@Injectable()
export class FixedWindowCounter {
  private readonly incrementWindows: RunScript<WindowCount[]>;
  private readonly groupOf: (key: string) => string;
  private pending: PendingHit[] = [];

  constructor(scripts: RedisScripts, @Inject(REDIS_COMMAND) redis: RedisClient) {
    this.incrementWindows = scripts.bind(INCREMENT_WINDOWS_SCRIPT);
    this.groupOf = redis.isCluster ? slotPartOf : () => '';
  }

  increment(key: string, windowMs: number, tally?: HitTally): Promise<WindowCount> {
    if (tally && slotPartOf(tally.key) !== slotPartOf(key)) {
      return Promise.reject(new Error(`tally ${tally.key} is not in the slot of ${key}`));
    }
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0)
        setImmediate(() => {
          this.flush();
        });
      this.pending.push({ key, windowMs, tally, resolve, reject });
    });
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
    for (const hits of groups.values()) {
      for (let start = 0; start < hits.length; start += MOST_HITS_PER_CALL) {
        this.send(hits.slice(start, start + MOST_HITS_PER_CALL));
      }
    }
  }

  private send(hits: readonly PendingHit[]): void {
    const { keys, args } = scriptArguments(hits);
    this.incrementWindows(keys, ...args).then(
      (counts) => {
        hits.forEach((hit, index) => {
          const count = counts[index];
          if (count) hit.resolve(count);
          else hit.reject(new Error(`no window count for hit ${index} of ${hits.length}`));
        });
      },
      (error: unknown) => {
        for (const hit of hits) hit.reject(error);
      },
    );
  }
}

/** The window keys, then the tally hashes; five arguments per hit (fixed-window.lua.ts). */
function scriptArguments(hits: readonly PendingHit[]): { keys: string[]; args: (string | number)[] } {
  const keys = hits.map((hit) => hit.key);
  const args: (string | number)[] = [];
  for (const { windowMs, tally } of hits) {
    if (tally) {
      keys.push(tally.key);
      args.push(windowMs, tally.limit, keys.length, tally.field, tally.expireAtSeconds);
    } else {
      args.push(windowMs, 0, 0, '', 0);
    }
  }
  return { keys, args };
}

export function secondsLeft(count: WindowCount): number {
  return Math.max(1, Math.ceil(count.msLeft / 1000));
}
