/**
 * The part of a key Redis Cluster hashes to a slot: the first non-empty `{tag}`, else the whole key.
 * Keys with the same part share a slot, so one script may touch them all.
 */
export function slotPartOf(key: string): string {
  const open = key.indexOf('{');
  const close = open < 0 ? -1 : key.indexOf('}', open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : key;
}

/** `items` by the slot group `groupOf` gives each, in order. */
export function bySlotGroup<T>(items: readonly T[], groupOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groupOf(item);
    const members = groups.get(group);
    if (members) members.push(item);
    else groups.set(group, [item]);
  }
  return groups;
}

/** How a counter groups keys into calls: by slot on a Cluster, all in one elsewhere. */
export function slotGroupsOf(isCluster: boolean): (key: string) => string {
  return isCluster ? slotPartOf : () => '';
}

/** Hits sent in one script call at most, so one call never holds Redis for long. */
export const MOST_HITS_PER_CALL = 256;

/** `items` in calls of MOST_HITS_PER_CALL at most, and one call (perhaps empty) for none. */
export function inCalls<T>(items: readonly T[]): T[][] {
  const calls = Math.max(1, Math.ceil(items.length / MOST_HITS_PER_CALL));
  return Array.from({ length: calls }, (_, call) =>
    items.slice(call * MOST_HITS_PER_CALL, (call + 1) * MOST_HITS_PER_CALL),
  );
}
