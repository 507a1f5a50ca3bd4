/**
 * Exact decimal arithmetic on the exchange's decimal strings. Prices and quantities never pass
 * through a binary float: a value is an integer count of 10^-scale units.
 */
interface ScaledDecimal {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL_PATTERN = /^(-?)(\d+)(?:\.(\d+))?$/;

export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_PATTERN.test(value);
}

function parse(value: string): ScaledDecimal {
  const match = DECIMAL_PATTERN.exec(value);
  if (!match) throw new RangeError(`Not a decimal string: ${JSON.stringify(value)}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  return { units: BigInt(`${sign}${whole}${fraction}`), scale: fraction.length };
}

function rescale(value: ScaledDecimal, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

function format(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** a + b, written with the larger of the two scales (`"1.50000000" + "0.1"` → `"1.60000000"`). */
export function addDecimals(a: string, b: string): string {
  const left = parse(a);
  const right = parse(b);
  const scale = Math.max(left.scale, right.scale);
  return format(rescale(left, scale) + rescale(right, scale), scale);
}

/** Sign of a - b: -1, 0 or 1, exactly. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const left = parse(a);
  const right = parse(b);
  const scale = Math.max(left.scale, right.scale);
  const difference = rescale(left, scale) - rescale(right, scale);
  if (difference === 0n) return 0;
  return difference < 0n ? -1 : 1;
}

export function maxDecimal(a: string, b: string): string {
  return compareDecimals(a, b) >= 0 ? a : b;
}

export function minDecimal(a: string, b: string): string {
  return compareDecimals(a, b) <= 0 ? a : b;
}

/** The value written with exactly `scale` fraction digits; refuses to drop non-zero digits. */
export function withScale(value: string, scale: number): string {
  const parsed = parse(value);
  if (parsed.scale <= scale) return format(rescale(parsed, scale), scale);
  const divisor = 10n ** BigInt(parsed.scale - scale);
  if (parsed.units % divisor !== 0n) throw new RangeError(`${value} has more than ${scale} decimals`);
  return format(parsed.units / divisor, scale);
}

/** An integer count of 10^-scale units as a decimal string with `scale` fraction digits. */
export function decimalOfUnits(units: bigint | number, scale: number): string {
  return format(BigInt(units), scale);
}

/** a − b, written with the larger of the two scales. */
export function subtractDecimals(a: string, b: string): string {
  const left = parse(a);
  const right = parse(b);
  const scale = Math.max(left.scale, right.scale);
  return format(rescale(left, scale) - rescale(right, scale), scale);
}

/** The number of fraction digits the value is written with (`"1.50"` → 2). */
export function scaleOf(value: string): number {
  return parse(value).scale;
}

/**
 * (a + b) / 2 written with `scale` fraction digits (at least both inputs' scales), an odd last
 * unit rounded half to even: the one rounding a mean of two prices needs, never a float.
 */
export function midpointDecimal(a: string, b: string, scale: number): string {
  const left = parse(a);
  const right = parse(b);
  const wide = Math.max(scale, left.scale, right.scale);
  const sum = rescale(left, wide) + rescale(right, wide);
  return format(roundHalfEven(sum, 2n * 10n ** BigInt(wide - scale)), scale);
}

/** n / divisor rounded half to even (divisor > 0). */
function roundHalfEven(units: bigint, divisor: bigint): bigint {
  const quotient = units / divisor;
  const remainder = units - quotient * divisor;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  if (twice < divisor) return quotient;
  const away = units < 0n ? quotient - 1n : quotient + 1n;
  if (twice > divisor) return away;
  return quotient % 2n === 0n ? quotient : away;
}

/**
 * Whether |value − reference| ≤ reference × basisPoints / 10,000, exactly (reference > 0): the
 * distance rule of the index, with no float between the prices and the threshold.
 */
export function isWithinBasisPoints(value: string, reference: string, basisPoints: number): boolean {
  const left = parse(value);
  const right = parse(reference);
  const scale = Math.max(left.scale, right.scale);
  const distance = rescale(left, scale) - rescale(right, scale);
  const absolute = distance < 0n ? -distance : distance;
  return absolute * 10_000n <= rescale(right, scale) * BigInt(basisPoints);
}

/** Zero written with the scale of `value` (`"12.34500000"` → `"0.00000000"`): a quiet slot's volume. */
export function zeroAtScaleOf(value: string): string {
  return format(0n, scaleOf(value));
}
