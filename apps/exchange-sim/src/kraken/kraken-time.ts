/** RFC 3339 with microseconds, as Kraken's v2 frames write times: `2023-09-25T07:48:36.925000Z`. */
export function rfc3339Micros(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('Z', '000Z');
}

/** `interval_begin` carries nanoseconds in Kraken's frames: `2023-10-04T15:25:00.000000000Z`. */
export function rfc3339Nanos(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('Z', '000000Z');
}

/** Seconds since the epoch with a fraction, as the REST Trades rows write a trade's time. */
export function epochSecondsText(epochMs: number): string {
  return (epochMs / 1000).toFixed(4);
}
