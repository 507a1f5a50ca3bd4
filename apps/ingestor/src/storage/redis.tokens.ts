/** The ingestor's command connection (lease and writes): fails fast while Redis is away. */
export const REDIS = Symbol('INGESTOR_REDIS');

/** BullMQ's connection (offline queue on, no per-command retry limit, as BullMQ requires). */
export const QUEUE_REDIS = Symbol('INGESTOR_QUEUE_REDIS');
