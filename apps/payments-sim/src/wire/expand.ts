type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function expandPath(node: Json, path: readonly string[], find: (id: string) => object | undefined): void {
  const [segment, ...rest] = path;
  if (segment === undefined) return;
  const value = node[segment];
  if (Array.isArray(value)) {
    for (const item of value) if (isRecord(item)) expandPath(item, rest, find);
    return;
  }
  if (typeof value === 'string') {
    const found = find(value);
    if (!found) return;
    node[segment] = found;
  }
  const next = node[segment];
  if (rest.length > 0 && isRecord(next)) expandPath(next, rest, find);
}

/**
 * Stripe's `expand[]`: each dotted path replaces an id with its object (`subscription`,
 * `data.subscription` in a list, `subscription.latest_invoice`). `view` must be a copy: it is changed.
 */
export function expand<T extends object>(
  view: T,
  paths: readonly string[],
  find: (id: string) => object | undefined,
): T {
  for (const path of paths) expandPath(view as Json, path.split('.'), find);
  return view;
}
