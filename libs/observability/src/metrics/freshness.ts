/**
 * The exchanges' freshness as readiness reports it (CONTRACT section 8): the exchange serving and
 * the age of the newest stored exchange event in whole seconds, null when there is none yet. Every
 * replica shares it, so it is reported and paged by the alerts, never a reason to be unready.
 */
export interface ExchangeFreshness {
  readonly source: string | null;
  readonly ageSeconds: number | null;
}

export function exchangeFreshness(
  source: string | undefined,
  eventTime: number | undefined,
  now = Date.now(),
): ExchangeFreshness {
  const ageSeconds = eventTime === undefined ? null : Math.max(0, Math.floor((now - eventTime) / 1000));
  return { source: source ?? null, ageSeconds };
}
