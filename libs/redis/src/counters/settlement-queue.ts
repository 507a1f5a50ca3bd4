import { bySlotGroup } from './slot-part';
import type { Settlement } from './window-allotments';

/** Allotments that ended, by window key, until the next call of their slot carries them. */
export class SettlementQueue {
  private settlements = new Map<string, Settlement>();

  get size(): number {
    return this.settlements.size;
  }

  /**
   * Two settlements of one key not sent yet become one: both allotments are released, and only the
   * unused hits of the later window go back (an earlier window that was followed by a later one is over).
   */
  add(key: string, settlement: Settlement): void {
    const earlier = this.settlements.get(key);
    this.settlements.set(key, earlier ? merged(earlier, settlement) : settlement);
  }

  /** Every settlement waiting, by the slot group `groupOf` gives its key, removed from the queue. */
  take(groupOf: (key: string) => string): Map<string, Map<string, Settlement>> {
    const byGroup = bySlotGroup([...this.settlements], ([key]) => groupOf(key));
    this.settlements = new Map();
    return new Map([...byGroup].map(([group, settlements]) => [group, new Map(settlements)]));
  }
}

function merged(earlier: Settlement, later: Settlement): Settlement {
  const windowEnd = Math.max(earlier.grantedWindowEnd, later.grantedWindowEnd);
  const returnedOf = (settlement: Settlement) =>
    settlement.grantedWindowEnd === windowEnd ? settlement.returned : 0;
  return {
    released: earlier.released + later.released,
    returned: returnedOf(earlier) + returnedOf(later),
    grantedWindowEnd: windowEnd,
  };
}
