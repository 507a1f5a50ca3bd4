import { ValidateBy, ValidateIf, type ValidationOptions } from 'class-validator';

export interface IntegerRange {
  readonly min: number;
  readonly max: number;
}

export function integerMessage(field: string, range: IntegerRange): string {
  return `${field} must be an integer between ${range.min} and ${range.max}`;
}

/** The OpenAPI schema of an integer field with this range. */
export function integerSchema(range: IntegerRange): { type: 'integer'; minimum: number; maximum: number } {
  return { type: 'integer', minimum: range.min, maximum: range.max };
}

/** A JSON number that is a whole number in range; strings such as "5" fail (no conversion). */
export function IsIntegerBetween(range: IntegerRange, options: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isIntegerBetween',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'number' &&
          Number.isSafeInteger(value) &&
          value >= range.min &&
          value <= range.max,
      },
    },
    options,
  );
}

/** Names people read in a list: not blank, no control characters, bounded. */
const NAME = /^(?=.*\S)[^\p{Cc}]+$/u;

export function isName(value: unknown, maxLength: number): value is string {
  return typeof value === 'string' && value.length <= maxLength && NAME.test(value);
}

export function IsName(maxLength: number, options: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isName', validator: { validate: (value: unknown) => isName(value, maxLength) } },
    options,
  );
}

/** An optional field: absent skips its rules, but `null` is checked like any other value. */
export function OptionalField(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
