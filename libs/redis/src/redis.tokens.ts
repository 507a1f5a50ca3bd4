/** Commands (stores, scripts, leases): fails fast while Redis is away, so callers answer 503 at once. */
export const REDIS_COMMAND = Symbol('REDIS_COMMAND');

/** The process's one pub/sub subscriber: queues while Redis is away, resubscribes on reconnect. */
export const REDIS_SUBSCRIBER = Symbol('REDIS_SUBSCRIBER');

/** BullMQ's connection: offline queue on, no per-command retry limit or timeout, as BullMQ requires. */
export const REDIS_QUEUE = Symbol('REDIS_QUEUE');

export type RedisConnectionRole = 'command' | 'subscriber' | 'queue';
