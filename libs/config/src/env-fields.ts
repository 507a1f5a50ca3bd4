import { Transform } from 'class-transformer';

/** `@Transform` helpers that turn env strings into values, leaving bad input for the validators. */
export function toInteger(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value,
  );
}

export function toBoolean(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => {
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    return value;
  });
}

/** A comma-separated list (blanks dropped): `a, b,,c` becomes `['a', 'b', 'c']`. */
export function toList(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== '')
      : value,
  );
}

/** An empty string counts as unset (compose passes `${NAME:-}` as ""), so optional fields stay optional. */
export function emptyAsUnset(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value));
}
