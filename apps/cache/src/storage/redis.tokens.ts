/** The worker's command connection (stores, coverage, budget): fails fast while Redis is away. */
export const REDIS = Symbol('CACHE_REDIS');

/** BullMQ's connection (offline queue on, no per-command retry limit, as BullMQ requires). */
export const QUEUE_REDIS = Symbol('CACHE_QUEUE_REDIS');
