/** Every Kraken REST answer: errors (empty on success) and the result. */
export interface KrakenAnswer<T> {
  readonly error: string[];
  readonly result?: T;
}

export const UNKNOWN_PAIR = 'EQuery:Unknown asset pair';
export const INVALID_ARGUMENTS = 'EGeneral:Invalid arguments';
export const RATE_LIMITED = 'EAPI:Rate limit exceeded';

export function ok<T>(result: T): KrakenAnswer<T> {
  return { error: [], result };
}

/** Kraken answers its API errors with HTTP 200 and the reason in `error` (no `result`). */
export function failed(reason: string): KrakenAnswer<never> {
  return { error: [reason] };
}

/** A query parameter as one string; Kraken takes the first of repeated ones. */
export function queryValue(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** A whole number parameter; undefined when absent, NaN when present but not a whole number. */
export function integerParameter(query: Record<string, unknown>, name: string): number | undefined {
  const text = queryValue(query, name);
  if (text === undefined || text === '') return undefined;
  return /^\d{1,19}$/.test(text) ? Number(text) : Number.NaN;
}
