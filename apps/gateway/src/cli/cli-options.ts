import { validateBody } from '../validation/body-validation';

/** Wrong usage: the message and the usage text are printed, exit code 2. */
export class UsageError extends Error {}

/** A command that could not be done (an unknown id): the message is printed, exit code 1. */
export class CommandFailed extends Error {}

export function option(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
  return value;
}

/** Digits only; the range is checked by the same DTO rules as the HTTP admin API. */
export function integerOption(args: readonly string[], name: string): number | undefined {
  const value = option(args, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  return Number(value);
}

const DURATION = /^(\d{1,9})(s|m|h|d)$/;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** `90s`, `15m`, `1h`, `7d` → seconds. */
export function parseDuration(text: string): number {
  const match = DURATION.exec(text);
  const unit = match?.[2] as keyof typeof UNIT_SECONDS | undefined;
  if (!match || !unit) throw new UsageError('--expires-in must look like 90s, 15m, 1h or 7d');
  return Number(match[1]) * UNIT_SECONDS[unit];
}

/**
 * Validates with the HTTP API's DTO rules, so both front ends accept and refuse the same input;
 * the messages name the command-line options (`flags`: field → option) instead of the JSON fields.
 */
export function validated<T extends object>(
  metatype: new () => T,
  body: Record<string, unknown>,
  flags: Readonly<Record<string, string>>,
): T {
  const defined = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  const result = validateBody(metatype, defined);
  if (result.valid) return result.value;
  const message = result.problems.join('; ').replace(/\b[a-zA-Z]+\b/g, (word) => flags[word] ?? word);
  throw new UsageError(message);
}

/** The positional argument at `index`, required. */
export function positional(args: readonly string[], index: number, what: string, command: string): string {
  const value = args[index];
  if (!value || value.startsWith('--')) throw new UsageError(`${command} needs ${what}`);
  return value;
}
