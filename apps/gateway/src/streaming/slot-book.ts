/** One WebSocket connection's slot: a member of the key's and operation's slot set. */
export interface Slot {
  /** The sorted set (RedisKeys.wsConnections). */
  readonly key: string;
  /** The connection id. */
  readonly member: string;
  /** The key's connection limit for this operation when the slot was taken. */
  readonly limit: number;
}

export interface SlotGroup {
  readonly key: string;
  readonly limit: number;
  readonly members: readonly string[];
}

/** Renew three times per slot lifetime, so one late or failed renewal does not lose a slot. */
export function renewIntervalMs(ttlMs: number): number {
  return Math.max(100, Math.floor(ttlMs / 3));
}

/** The slots this replica holds, grouped by set, so a renewal is one script call per set. */
export class SlotBook {
  private readonly sets = new Map<string, Map<string, Slot>>();

  get size(): number {
    let size = 0;
    for (const members of this.sets.values()) size += members.size;
    return size;
  }

  add(slot: Slot): void {
    let members = this.sets.get(slot.key);
    if (!members) {
      members = new Map();
      this.sets.set(slot.key, members);
    }
    members.set(slot.member, slot);
  }

  /** False when the slot was not (or no longer) held, so it is released once. */
  remove(slot: Slot): boolean {
    const members = this.sets.get(slot.key);
    if (!members?.delete(slot.member)) return false;
    if (members.size === 0) this.sets.delete(slot.key);
    return true;
  }

  find(key: string, member: string): Slot | undefined {
    return this.sets.get(key)?.get(member);
  }

  /** Every set with its members; the limit is the highest any of them was granted under. */
  groups(): SlotGroup[] {
    return [...this.sets].map(([key, members]) => {
      const slots = [...members.values()];
      return { key, limit: Math.max(...slots.map((slot) => slot.limit)), members: [...members.keys()] };
    });
  }

  /** Removes and returns every slot. */
  drain(): Slot[] {
    const all = [...this.sets.values()].flatMap((members) => [...members.values()]);
    this.sets.clear();
    return all;
  }
}
