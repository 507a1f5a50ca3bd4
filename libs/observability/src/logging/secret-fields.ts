/**
 * Field names that may hold a secret, censored wherever they appear at the top of a line's fields
 * or one object down (e.g. `headers.authorization`). Callers still pass structured fields and never
 * a raw URL, whose query may carry an API key.
 */
export const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'apiKey',
  'x-api-key',
  'authorization',
  'cookie',
  'set-cookie',
  'token',
  'accessToken',
  'refreshToken',
  'adminToken',
  'password',
  'secret',
]);

export const CENSORED = '[redacted]';

const hasOwn = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);

/** A shallow copy that keeps the prototype and every own property (an Error's message and stack too). */
function shallowCopy<T extends object>(value: T): T {
  return Object.create(
    Object.getPrototypeOf(value) as object | null,
    Object.getOwnPropertyDescriptors(value),
  ) as T;
}

/** `value` with its own secret fields censored; the same object when it has none. */
function censorOwnFields(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  let censored: Record<string, unknown> | undefined;
  for (const key in value) {
    if (!SECRET_FIELDS.has(key) || !hasOwn(value, key)) continue;
    censored ??= shallowCopy(value as Record<string, unknown>);
    censored[key] = CENSORED;
  }
  return censored ?? value;
}

/**
 * A log line's fields with every secret field censored, at the top or one object down; the caller's
 * object is never changed, and is returned as it is when it holds no secret (the usual line costs
 * one pass over its keys and no allocation).
 */
export function censorSecrets(fields: Record<string, unknown>): Record<string, unknown> {
  let censored: Record<string, unknown> | undefined;
  for (const key in fields) {
    if (!hasOwn(fields, key)) continue;
    const value = fields[key];
    const safe = SECRET_FIELDS.has(key) ? CENSORED : censorOwnFields(value);
    if (safe === value) continue;
    censored ??= { ...fields };
    censored[key] = safe;
  }
  return censored ?? fields;
}
