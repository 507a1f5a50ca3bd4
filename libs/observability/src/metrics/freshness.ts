export interface Freshness {
  /** Age of the newest exchange event (ms); null when there is none yet. */
  readonly lastEventAgeMs: number | null;
  /** Why the data is not fresh; undefined when it is. */
  readonly staleReason: string | undefined;
}

/** Judges data by its newest exchange event time: fresh when younger than `maxAgeMs`. */
export function freshnessOf(eventTime: number | undefined, maxAgeMs: number, now = Date.now()): Freshness {
  if (eventTime === undefined) return { lastEventAgeMs: null, staleReason: 'no exchange event yet' };
  const lastEventAgeMs = now - eventTime;
  const staleReason =
    lastEventAgeMs > maxAgeMs
      ? `last exchange event ${Math.round(lastEventAgeMs / 1000)} s ago (limit ${maxAgeMs / 1000} s)`
      : undefined;
  return { lastEventAgeMs, staleReason };
}
