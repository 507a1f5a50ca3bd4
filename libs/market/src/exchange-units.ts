import { compareDecimals, decimalOfUnits, isDecimalString, withScale } from './decimal';

/**
 * BTCUSDT's units on the exchange, for the simulated market, which computes on integers, never on
 * binary floats: a price is a count of 0.01 ticks (the tick size), a quantity a count of 0.00001
 * steps (the lot step), so a quote amount (price × quantity) is an exact count of 10^-7. Binance
 * writes all of them with 8 decimals.
 */
const PRICE_SCALE = 2;
const QUANTITY_SCALE = 5;
const QUOTE_SCALE = PRICE_SCALE + QUANTITY_SCALE;
const WIRE_SCALE = 8;

/** BTCUSDT's PRICE_FILTER and LOT_SIZE bounds on Binance. */
const MAX_PRICE = '1000000';
const MAX_QUANTITY = '9000';

/** An integer count of 10^-scale units, written as Binance writes decimals (`"97123.45000000"`). */
function formatUnits(units: bigint | number, scale: number): string {
  return withScale(decimalOfUnits(units, scale), WIRE_SCALE);
}

export function formatPrice(ticks: number): string {
  return formatUnits(ticks, PRICE_SCALE);
}

export function formatQuantity(steps: number | bigint): string {
  return formatUnits(steps, QUANTITY_SCALE);
}

export function formatQuote(units: bigint): string {
  return formatUnits(units, QUOTE_SCALE);
}

/**
 * The integer count of 10^-scale units in `value`, or undefined when it is not a plain positive
 * decimal, has non-zero digits below the scale (off the tick/step) or exceeds `max`.
 */
function parseUnits(value: string, scale: number, max: string): number | undefined {
  if (!isDecimalString(value) || value.startsWith('-')) return undefined;
  if (compareDecimals(value, '0') <= 0 || compareDecimals(value, max) > 0) return undefined;
  try {
    return Number(withScale(value, scale).replace('.', ''));
  } catch {
    return undefined;
  }
}

export function parsePriceTicks(value: string): number | undefined {
  return parseUnits(value, PRICE_SCALE, MAX_PRICE);
}

export function parseQuantitySteps(value: string): number | undefined {
  return parseUnits(value, QUANTITY_SCALE, MAX_QUANTITY);
}
