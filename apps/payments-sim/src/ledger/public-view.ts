/**
 * An object as Stripe shows it: a deep copy without the simulator's own `_` fields, so an event's
 * `data.object` stays the snapshot of its moment.
 */
export function publicView<T extends object>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (key, field: unknown) => (key.startsWith('_') ? undefined : field)),
  ) as T;
}
