import { isDecimalString } from '@pds/market';

export type JsonObject = Readonly<Record<string, unknown>>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A required field is missing or has the wrong type; caught by the parser and turned into a rejection. */
export class FieldError extends Error {
  constructor(readonly field: string) {
    super(`invalid or missing field ${field}`);
    this.name = 'FieldError';
  }
}

/** Integers as Binance sends them (ids, epoch ms); beyond 2^53 a JSON number is no longer exact. */
export function integerField(object: JsonObject, key: string): number {
  const value = object[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new FieldError(key);
  return value;
}

/** Prices and quantities: kept as the exact string the exchange wrote. */
export function decimalField(object: JsonObject, key: string): string {
  const value = object[key];
  if (!isDecimalString(value)) throw new FieldError(key);
  return value;
}

export function stringField(object: JsonObject, key: string): string {
  const value = object[key];
  if (typeof value !== 'string') throw new FieldError(key);
  return value;
}

export function booleanField(object: JsonObject, key: string): boolean {
  const value = object[key];
  if (typeof value !== 'boolean') throw new FieldError(key);
  return value;
}

export function objectField(object: JsonObject, key: string): JsonObject {
  const value = object[key];
  if (!isJsonObject(value)) throw new FieldError(key);
  return value;
}

/** Request ids may be integers, strings or null (Binance accepts all three). */
export function requestId(value: unknown): string | number | null {
  if (typeof value === 'string' || typeof value === 'number' || value === null) return value;
  return null;
}
