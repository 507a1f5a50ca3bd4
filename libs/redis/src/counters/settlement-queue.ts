import { bySlotGroup } from './slot-part';
import type { Settlement } from './window-leases';

/** Leases that ended, by window key, until the next call of their slot carries them. */
export class SettlementQueue {
  private settlements = new Map<string, Settlement>();

  get size(): number {
    return this.settlements.size;
  }

  /** Two settlements of one key not sent yet become one, whose return only the later window takes. */
  add(key: string, settlement: Settlement): void {
    const earlier = this.settlements.get(key);
    this.settlements.set(
      key,
      earlier
        ? {
            released: earlier.released + settlement.released,
            returned: earlier.returned + settlement.returned,
            grantedMsLeft: Math.min(earlier.grantedMsLeft, settlement.grantedMsLeft),
          }
        : settlement,
    );
  }

  /** Every settlement waiting, by the slot group `groupOf` gives its key, removed from the queue. */
  take(groupOf: (key: string) => string): Map<string, Map<string, Settlement>> {
    const byGroup = bySlotGroup([...this.settlements], ([key]) => groupOf(key));
    this.settlements = new Map();
    return new Map([...byGroup].map(([group, settlements]) => [group, new Map(settlements)]));
  }
}
