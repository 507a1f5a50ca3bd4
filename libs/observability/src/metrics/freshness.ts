/** Data judged by its newest exchange event; `lastEventAgeMs` is null when there is none yet. */
export type Freshness =
  | { readonly fresh: true; readonly lastEventAgeMs: number }
  | { readonly fresh: false; readonly lastEventAgeMs: number | null; readonly staleReason: string };

/** Fresh when the newest exchange event (epoch ms) is at most `maxAgeMs` old. */
export function freshnessOf(eventTime: number | undefined, maxAgeMs: number, now = Date.now()): Freshness {
  if (eventTime === undefined) {
    return { fresh: false, lastEventAgeMs: null, staleReason: 'no exchange event yet' };
  }
  const lastEventAgeMs = now - eventTime;
  if (lastEventAgeMs <= maxAgeMs) return { fresh: true, lastEventAgeMs };
  const staleReason = `last exchange event ${Math.round(lastEventAgeMs / 1000)} s ago (limit ${maxAgeMs / 1000} s)`;
  return { fresh: false, lastEventAgeMs, staleReason };
}
