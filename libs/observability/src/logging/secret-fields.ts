/**
 * Field names that may hold a secret, censored wherever they appear at the top of a line's fields
 * or one object down (e.g. `headers.authorization`). Callers still pass structured fields and never
 * a raw URL, whose query may carry an API key.
 */
const SECRET_FIELDS: ReadonlySet<string> = new Set([
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

/** A secret field's place in a copy: a plain, writable value, whatever the original property was. */
const CENSORED_PROPERTY: PropertyDescriptor = {
  value: CENSORED,
  enumerable: true,
  writable: true,
  configurable: true,
};

/**
 * `value` with its own secret fields censored, as a shallow copy that keeps the prototype and every
 * other property (an Error's message and stack too); the same object when it has none. The copy is
 * made from property descriptors, so a frozen object (a validated DTO) or a getter-only field
 * censors like any other and never throws, and no getter runs.
 */
function censorOwnFields(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  let properties: PropertyDescriptorMap | undefined;
  for (const key in value) {
    if (!SECRET_FIELDS.has(key) || !hasOwn(value, key)) continue;
    properties ??= Object.getOwnPropertyDescriptors(value);
    properties[key] = CENSORED_PROPERTY;
  }
  return properties
    ? (Object.create(Object.getPrototypeOf(value) as object | null, properties) as object)
    : value;
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
