import { validateSync } from 'class-validator';
import { declaredFields, hasCrossFieldRules } from './cross-field-rules';

export type BodyValidation<T> =
  { readonly valid: true; readonly value: T } | { readonly valid: false; readonly problems: string[] };

/**
 * Checks a JSON body against a DTO's class-validator rules, as the query pipe does for queries:
 * one message per failing field (its first rule), unknown fields refused by name, cross-field rules
 * once every field is valid alone. No conversion: `"5"` is not a number. The HTTP admin API and the
 * CLI both go through here, so the rules and the messages are the same.
 */
export function validateBody<T extends object>(metatype: new () => T, raw: unknown): BodyValidation<T> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { valid: false, problems: ['body must be a JSON object'] };
  }
  const fields = declaredFields(metatype);
  const known = new Set(fields);
  const problems = Object.keys(raw)
    .filter((name) => !known.has(name))
    .map((name) => `${name} is not a known field`);
  const value = new metatype();
  for (const name of fields) {
    if (Object.hasOwn(raw, name)) Object.assign(value, { [name]: (raw as Record<string, unknown>)[name] });
  }
  const errors = validateSync(value, { stopAtFirstError: true, forbidUnknownValues: false });
  const byField = new Map(errors.map((error) => [error.property, Object.values(error.constraints ?? {})[0]]));
  for (const name of fields) {
    const message = byField.get(name);
    if (message !== undefined) problems.push(message);
  }
  if (problems.length === 0 && hasCrossFieldRules(value)) problems.push(...value.crossFieldProblems());
  return problems.length === 0 ? { valid: true, value } : { valid: false, problems };
}
