/** One WebSocket connection's slot: a member of the key's and operation's lease set. */
export interface Lease {
  /** The sorted set (RedisKeys.wsConnections). */
  readonly key: string;
  /** The connection id. */
  readonly member: string;
  /** The key's connection limit for this operation when the lease was taken. */
  readonly limit: number;
}

export interface LeaseGroup {
  readonly key: string;
  readonly limit: number;
  readonly members: readonly string[];
}

/** Renew three times per lease lifetime, so one late or failed renewal does not lose a lease. */
export function renewIntervalMs(ttlMs: number): number {
  return Math.max(100, Math.floor(ttlMs / 3));
}

/** The leases this replica holds, grouped by set, so a renewal is one script call per set. */
export class LeaseBook {
  private readonly sets = new Map<string, Map<string, Lease>>();

  get size(): number {
    let size = 0;
    for (const members of this.sets.values()) size += members.size;
    return size;
  }

  add(lease: Lease): void {
    let members = this.sets.get(lease.key);
    if (!members) {
      members = new Map();
      this.sets.set(lease.key, members);
    }
    members.set(lease.member, lease);
  }

  /** False when the lease was not (or no longer) held, so it is released once. */
  remove(lease: Lease): boolean {
    const members = this.sets.get(lease.key);
    if (!members?.delete(lease.member)) return false;
    if (members.size === 0) this.sets.delete(lease.key);
    return true;
  }

  find(key: string, member: string): Lease | undefined {
    return this.sets.get(key)?.get(member);
  }

  /** Every set with its members; the limit is the highest any of them was granted under. */
  groups(): LeaseGroup[] {
    return [...this.sets].map(([key, members]) => {
      const leases = [...members.values()];
      return { key, limit: Math.max(...leases.map((lease) => lease.limit)), members: [...members.keys()] };
    });
  }

  /** Removes and returns every lease. */
  drain(): Lease[] {
    const all = [...this.sets.values()].flatMap((members) => [...members.values()]);
    this.sets.clear();
    return all;
  }
}
