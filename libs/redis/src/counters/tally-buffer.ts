/**
 * Where a hit is also tallied: one more to `<field>:requests` in the hash `key`, and to
 * `<field>:rejected` when the window's hits pass `limit`. The hash must share the window key's
 * Cluster slot (the same `{tag}`), as one script call writes both.
 */
export interface HitTally {
  readonly key: string;
  readonly field: string;
  readonly limit: number;
  /** When the hash expires, epoch seconds. */
  readonly expireAtSeconds: number;
}

/** One hash's counts to add: field → amount, and when the hash expires. */
export interface TallyWrite {
  readonly key: string;
  readonly expireAtSeconds: number;
  readonly fields: Map<string, number>;
}

/** A hash's counts by field as they are added up: its field names are made once, when written. */
interface PendingTally {
  readonly key: string;
  readonly expireAtSeconds: number;
  readonly counts: Map<string, { requests: number; rejected: number }>;
}

function writeOf(pending: PendingTally): TallyWrite {
  const fields = new Map<string, number>();
  for (const [field, { requests, rejected }] of pending.counts) {
    fields.set(`${field}:requests`, requests);
    if (rejected > 0) fields.set(`${field}:rejected`, rejected);
  }
  return { key: pending.key, expireAtSeconds: pending.expireAtSeconds, fields };
}

/**
 * Tallies counted in memory per Cluster slot group until a script call for that group carries
 * them, at most once per `intervalMs`: a key's requests of that span become one HINCRBY instead
 * of one per request.
 */
export class TallyBuffer {
  private readonly byGroup = new Map<string, Map<string, PendingTally>>();
  private readonly writtenAt = new Map<string, number>();

  constructor(private readonly intervalMs: number) {}

  add(group: string, tally: HitTally, rejected: boolean): void {
    let writes = this.byGroup.get(group);
    if (!writes) {
      writes = new Map();
      this.byGroup.set(group, writes);
    }
    let write = writes.get(tally.key);
    if (!write) {
      write = { key: tally.key, expireAtSeconds: tally.expireAtSeconds, counts: new Map() };
      writes.set(tally.key, write);
    }
    const counts = write.counts.get(tally.field);
    if (counts === undefined) write.counts.set(tally.field, { requests: 1, rejected: rejected ? 1 : 0 });
    else {
      counts.requests += 1;
      if (rejected) counts.rejected += 1;
    }
  }

  /** The group's writes once its interval has passed (else none), removed from the buffer. */
  takeDue(group: string, now: number): TallyWrite[] {
    if (now - (this.writtenAt.get(group) ?? 0) < this.intervalMs) return [];
    return this.take(group, now);
  }

  /** The group's writes whatever the time (a process stopping), removed from the buffer. */
  take(group: string, now: number): TallyWrite[] {
    const writes = this.byGroup.get(group);
    if (!writes) return [];
    this.byGroup.delete(group);
    this.writtenAt.set(group, now);
    return [...writes.values()].map(writeOf);
  }

  groups(): string[] {
    return [...this.byGroup.keys()];
  }
}
