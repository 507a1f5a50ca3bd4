import { isLosslessNumber, parse } from 'lossless-json';
import { isDecimalString } from '@pds/market';
import { MAX_NUMBER_DIGITS } from '../stream/frame-checks';

export type KrakenObject = Readonly<Record<string, unknown>>;

export type KrakenFieldRule = 'invalid' | 'number-length' | 'not-whole';

/** A required field is missing or has the wrong type. */
export class KrakenFieldError extends Error {
  constructor(
    readonly field: string,
    /** Which rule it breaks: the field's type or shape, a number too long, a count not whole. */
    readonly rule: KrakenFieldRule = 'invalid',
  ) {
    super(`${rule} field ${field}`);
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

const NUMBER_TOKEN = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * A JSON number token written out as a plain decimal, exactly (`1e-05` → `0.00001`, `1.2e1` →
 * `12`), or undefined when it would take more than MAX_NUMBER_DIGITS (40, CONTRACT section 11)
 * digits: the raw token is measured before anything is expanded, so `1e50000000` (ten characters)
 * is refused rather than written out as fifty million digits.
 */
function plainDecimal(token: string): string | undefined {
  const match = NUMBER_TOKEN.exec(token);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  if (whole.length + fraction.length > MAX_NUMBER_DIGITS) return undefined;
  if (exponentText.replace(/^[+-]?0*/, '').length > 3) return undefined; // |exponent| >= 1000
  const exponent = Number(exponentText);
  const all = `${whole}${fraction}`;
  const point = whole.length + exponent;
  if (Math.max(point, all.length - point, all.length) > MAX_NUMBER_DIGITS) return undefined;
  const padded =
    point <= 0
      ? `0.${'0'.repeat(-point)}${all}`
      : point >= all.length
        ? all.padEnd(point, '0')
        : `${all.slice(0, point)}.${all.slice(point)}`;
  const trimmed = padded.replace(/^0+(?=\d)/, '');
  return `${sign}${trimmed}`;
}

/** The number's digits as written, whether Kraken sent a JSON number (WebSocket) or a string (REST). */
function digitsOf(value: unknown, field: string): string {
  const token = isLosslessNumber(value) ? value.value : value;
  if (typeof token !== 'string') throw new KrakenFieldError(field);
  // Cheap bound first: a token longer than any allowed spelling is refused unread.
  if (token.length > MAX_NUMBER_DIGITS + 8) throw new KrakenFieldError(field, 'number-length');
  const digits = plainDecimal(token);
  if (digits === undefined) {
    throw new KrakenFieldError(field, NUMBER_TOKEN.test(token) ? 'number-length' : 'invalid');
  }
  return digits;
}

/** A price or quantity, as a non-negative decimal string with the exchange's digits. */
export function decimalOf(value: unknown, field: string): string {
  const digits = digitsOf(value, field);
  if (!isDecimalString(digits) || digits.startsWith('-')) throw new KrakenFieldError(field);
  return digits;
}

/** An id or interval: written as a plain non-negative integer, as Kraken documents it. */
export function integerOf(value: unknown, field: string): number {
  if (!isLosslessNumber(value)) throw new KrakenFieldError(field);
  const token = value.value;
  if (token.length > MAX_NUMBER_DIGITS) throw new KrakenFieldError(field, 'number-length');
  const number = /^\d+$/.test(token) ? Number(token) : Number.NaN;
  if (!Number.isSafeInteger(number)) throw new KrakenFieldError(field);
  return number;
}

/**
 * A count (a candle's `trades`): Kraken's v2 docs type it "float", so `12`, `12.0` and `1.2e1` all
 * mean 12. A count that is not a whole number, or is negative, is refused.
 */
export function countOf(value: unknown, field: string): number {
  const digits = digitsOf(value, field);
  const whole = /^(\d+)(?:\.0*)?$/.exec(digits)?.[1];
  const number = whole === undefined ? Number.NaN : Number(whole);
  if (!Number.isSafeInteger(number)) throw new KrakenFieldError(field, 'not-whole');
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
