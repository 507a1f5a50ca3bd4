/** A decoded form value: Stripe's bracket notation nests objects and arrays of strings. */
export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/** `a[b][0]` → ['a', 'b', '0']; `expand[]` → ['expand', '']; undefined when the brackets are unbalanced. */
export function keyPath(key: string): string[] | undefined {
  const match = KEY.exec(key);
  if (!match?.[1]) return undefined;
  const segments = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '');
  return [match[1], ...segments];
}

function place(target: FormObject, path: readonly string[], value: string): void {
  let node = target;
  path.forEach((segment, index) => {
    // `x[]` appends: it takes the next free index, as stripe-node's `x[0]`, `x[1]` would.
    const key = segment === '' ? String(Object.keys(node).length) : segment;
    if (index === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next === 'object' && !Array.isArray(next)) {
      node = next;
      return;
    }
    const child: FormObject = {};
    node[key] = child;
    node = child;
  });
}

/** Objects whose keys are all indexes become arrays in index order (`items[0]`, `items[1]`). */
function arraysOf(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arraysOf(value[key] as FormValue)] as const);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
  }
  return Object.fromEntries(entries);
}

/**
 * Decodes an `application/x-www-form-urlencoded` body or query string in Stripe's bracket notation
 * (`line_items[0][price]=p&metadata[k]=v&expand[]=x`). Hand-written because the common parsers
 * (`qs`) are not dependencies here and this is the one encoding stripe-node produces.
 */
export function decodeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = keyPath(key);
    if (!path) throw new SyntaxError(`Invalid parameter name: ${key}`);
    place(root, path, value);
  }
  return arraysOf(root) as FormObject;
}
