import { isDecimalString } from '@pds/market';
import { MAX_DATE_MS } from '../stream/frame-checks';

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

/**
 * Epoch-ms times: integers a JavaScript Date holds (a time of 9e15 would throw from `toISOString`
 * further on); whether the exchange's clock allows them is the stream engine's check.
 */
export function timeField(object: JsonObject, key: string): number {
  const value = integerField(object, key);
  if (value < 0 || value > MAX_DATE_MS) throw new FieldError(key);
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
