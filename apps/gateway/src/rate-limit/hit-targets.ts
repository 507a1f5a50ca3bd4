import type { HitTally, RedisKeys } from '@pds/redis';
import { HOUR_MS, usageTally } from '../keys';

/** Where one hit of a key in a bucket is counted (its window) and tallied (its usage hash). */
export interface HitTarget {
  readonly windowKey: string;
  readonly tally: HitTally;
}

interface MadeTarget extends HitTarget {
  readonly limit: number;
  readonly hourStart: number;
}

/**
 * A key's hit targets per bucket, made once an hour for each holder of the key (a principal lives
 * as long as its cache entry) instead of on every request: fresh key strings cost a hash in each
 * map of the counter they pass through, and were a tenth of the limit's cost of a price request.
 */
export class HitTargets {
  private readonly byHolder = new WeakMap<object, Map<string, MadeTarget>>();

  constructor(private readonly keys: RedisKeys) {}

  /** The targets of `keyId` in `bucket` at `now`; `holder` is the object the key's entry lives in. */
  of(holder: object, keyId: string, bucket: string, limit: number, now: number): HitTarget {
    let targets = this.byHolder.get(holder);
    if (!targets) {
      targets = new Map();
      this.byHolder.set(holder, targets);
    }
    const hourStart = now - (now % HOUR_MS);
    const made = targets.get(bucket);
    if (made?.hourStart === hourStart && made.limit === limit) return made;
    const target = {
      windowKey: this.keys.rateLimit(keyId, bucket),
      tally: usageTally(this.keys, keyId, bucket, limit, now),
      limit,
      hourStart,
    };
    targets.set(bucket, target);
    return target;
  }
}
