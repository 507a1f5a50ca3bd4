import { isLosslessNumber, parse } from 'lossless-json';
import { isDecimalString } from '@pds/market';

export type KrakenObject = Readonly<Record<string, unknown>>;

/** A required field is missing or has the wrong type. */
export class KrakenFieldError extends Error {
  constructor(readonly field: string) {
    super(`invalid or missing field ${field}`);
    this.name = 'KrakenFieldError';
  }
}

/**
 * Kraken's v2 frames carry prices and volumes as JSON numbers (`"price": 97123.4`). `JSON.parse`
 * would turn them into binary floats; lossless-json keeps every number as the digits the exchange
 * wrote (a LosslessNumber), so `97123.4` stays the decimal string `"97123.4"`.
 * @throws SyntaxError for text that is not JSON.
 */
export function parseKrakenJson(text: string): unknown {
  return parse(text);
}

export function isKrakenObject(value: unknown): value is KrakenObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}

/** `1e-05` → `0.00001`, exactly (Kraken may write small quantities in exponent form). */
function plainDecimal(digits: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?[eE]([+-]?\d+)$/.exec(digits);
  if (!match) return digits;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  const all = `${whole}${fraction}`;
  const point = whole.length + exponent;
  const padded =
    point <= 0
      ? `0.${'0'.repeat(-point)}${all}`
      : point >= all.length
        ? all.padEnd(point, '0')
        : `${all.slice(0, point)}.${all.slice(point)}`;
  const trimmed = padded.replace(/^0+(?=\d)/, '');
  return `${sign}${trimmed}`;
}

/** A price or quantity, as a non-negative decimal string with the exchange's digits. */
export function decimalOf(value: unknown, field: string): string {
  const digits = isLosslessNumber(value) ? plainDecimal(value.value) : value;
  if (!isDecimalString(digits) || digits.startsWith('-')) throw new KrakenFieldError(field);
  return digits;
}

export function integerOf(value: unknown, field: string): number {
  const digits = isLosslessNumber(value) ? value.value : undefined;
  const number = digits !== undefined && /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
  if (!Number.isSafeInteger(number)) throw new KrakenFieldError(field);
  return number;
}

export function stringOf(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new KrakenFieldError(field);
  return value;
}

const RFC3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?Z$/;

/**
 * Kraken's RFC3339 times (`2023-09-25T07:48:36.925533Z`, nanoseconds at times) as epoch ms, the
 * fraction cut to whole milliseconds (never rounded up into the next millisecond or interval).
 */
export function epochMsOf(value: unknown, field: string): number {
  const match = typeof value === 'string' ? RFC3339.exec(value) : null;
  const seconds = match?.[1] === undefined ? Number.NaN : Date.parse(`${match[1]}Z`);
  if (!match || Number.isNaN(seconds)) throw new KrakenFieldError(field);
  return seconds + Number((match[2] ?? '').padEnd(3, '0').slice(0, 3));
}
