import { ReplyError } from 'ioredis';

/** Redis did not answer (down, unreachable or too slow): the request is answered 503, not 500. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`Storage unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

/**
 * Awaits a Redis call and turns connection failures and timeouts into StorageUnavailableError.
 * A ReplyError is Redis refusing a command we sent: a bug, so it stays an error (500).
 */
export async function fromStorage<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ReplyError) throw error;
    throw new StorageUnavailableError(error);
  }
}
