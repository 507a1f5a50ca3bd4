import { ReplyError } from 'ioredis';

/**
 * Redis replies that mean "cannot serve this now, try again soon", by their error code (the reply's
 * first word), with words an operator understands. Any other reply error is a command we got wrong.
 */
const TRANSIENT_REPLIES: Readonly<Record<string, string>> = {
  OOM: 'Redis is full (maxmemory reached)',
  READONLY: 'Redis refuses writes (it is a replica)',
  LOADING: 'Redis is loading its data set into memory',
  MASTERDOWN: 'the Redis replica lost its master',
  CLUSTERDOWN: 'the Redis Cluster is down',
  TRYAGAIN: 'the Redis Cluster is moving the keys of this request',
  BUSY: 'Redis is busy running a script',
  NOREPLICAS: 'Redis has too few replicas to accept writes',
};

/** What made Redis unavailable to one call, for logs, messages and readiness. */
export interface StorageRefusal {
  /** Short words for people, e.g. `Redis is full (maxmemory reached)`. */
  readonly cause: string;
  /** The reply's error code (`OOM`, …), or `unreachable` when Redis did not answer at all. */
  readonly code: string;
}

function replyCode(message: string): string {
  return message.split(/\s/, 1)[0] ?? '';
}

/** MULTI/EXEC reports a refused command as EXECABORT; ioredis keeps the replies that caused it. */
function causesOf(error: Error): unknown[] {
  const previous: unknown = Reflect.get(error, 'previousErrors');
  return Array.isArray(previous) ? previous : [];
}

function refusalOfReply(error: Error): StorageRefusal | undefined {
  const code = replyCode(error.message);
  const cause = TRANSIENT_REPLIES[code];
  if (cause !== undefined) return { code, cause };
  if (code !== 'EXECABORT') return undefined;
  for (const previous of causesOf(error)) {
    if (previous instanceof Error) {
      const refusal = refusalOfReply(previous);
      if (refusal !== undefined) return refusal;
    }
  }
  return undefined;
}

/**
 * The one place that decides whether a failed Redis call means "storage not available now" (answer
 * 503 with Retry-After, retry the job later, fail readiness) or is a bug (500). Errors that are not
 * reply errors are the connection's: refused, closed, timed out, retries exhausted.
 */
export function storageRefusalOf(error: unknown): StorageRefusal | undefined {
  if (error instanceof ReplyError) return refusalOfReply(error as Error);
  return {
    code: 'unreachable',
    cause: `Redis did not answer (${error instanceof Error ? error.message : String(error)})`,
  };
}

/** True when `error` means Redis cannot serve now (see storageRefusalOf). */
export function isStorageUnavailable(error: unknown): boolean {
  return storageRefusalOf(error) !== undefined;
}
