/**
 * Parses a query string without ever throwing: malformed percent-encoding becomes U+FFFD (so the
 * value fails validation with a 400), a repeated name becomes an array (so it can be refused), and
 * names such as `__proto__` are plain keys of a prototype-less object.
 */
export function parseQueryString(query: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(query)) {
    const existing = result[name];
    if (existing === undefined) result[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else result[name] = [existing, value];
  }
  return result;
}
