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
