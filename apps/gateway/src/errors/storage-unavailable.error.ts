import { ReplyError } from 'ioredis';
import { type StorageRefusal, storageRefusalOf } from '@pds/redis';

/** Redis cannot serve now (down, too slow, full, loading, read-only…): answered 503, not 500. */
export class StorageUnavailableError extends Error {
  constructor(
    readonly refusal: StorageRefusal,
    cause?: unknown,
  ) {
    super(`Storage unavailable: ${refusal.cause}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

/**
 * Awaits a Redis call and turns what storageRefusalOf calls "not available now" into
 * StorageUnavailableError; any other reply error is a command we got wrong, so it stays a 500.
 * Each call is bounded by the command timeout; the whole request by its deadline (DeadlineWatch).
 */
export async function fromStorage<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw asStorageError(error);
  }
}

/** What fromStorage throws for `error`: for callers that already catch, without its extra promise. */
export function asStorageError(error: unknown): unknown {
  const refusal = storageRefusalOf(error);
  return refusal === undefined ? error : new StorageUnavailableError(refusal, error);
}

/**
 * True for a StorageUnavailableError, and for a Redis refusal such as OOM that reached the error
 * filter without passing through fromStorage: it is still "try again soon", never a 500.
 */
export function isStorageUnavailableError(error: unknown): boolean {
  if (error instanceof StorageUnavailableError) return true;
  return error instanceof ReplyError && storageRefusalOf(error) !== undefined;
}
