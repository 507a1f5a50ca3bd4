/** How a stream waits between connections. */
export interface ReconnectOptions {
  /** The first ceiling of the random wait; it doubles with each failed attempt. Default 500 ms. */
  readonly initialDelayMs?: number;
  /** The highest ceiling. Default 30 s. */
  readonly maxDelayMs?: number;
  /** Added to the wait after 4429 (the key's connections are all in use). Default 5 s. */
  readonly rateLimitedDelayMs?: number;
  /** Connection attempts after a close before the stream gives up. Default: no limit. */
  readonly maxReconnects?: number;
}

/** What a close code means to the client (CONTRACT section 6; RFC 6455 section 7.4). */
export type CloseOutcome = 'finished' | 'refused' | 'rate-limited' | 'retry';

export function closeOutcome(code: number): CloseOutcome {
  switch (code) {
    case 1000: // the range is complete: the server ended the stream on purpose
      return 'finished';
    case 4400:
    case 4401:
      return 'refused'; // the same request would be refused again: no retry
    case 4429:
      return 'rate-limited';
    default:
      // 1001 going away, 1006 no close frame, 1011 server error, 1013 try again later, and the rest.
      return 'retry';
  }
}

/**
 * Exponential backoff with full jitter (a uniformly random wait below a doubling, capped ceiling),
 * so that many clients dropped at once do not all come back at once.
 */
export function reconnectDelay(
  attempt: number,
  outcome: CloseOutcome,
  options: ReconnectOptions,
  random: () => number = Math.random,
): number {
  const initial = options.initialDelayMs ?? 500;
  const ceiling = Math.min(options.maxDelayMs ?? 30_000, initial * 2 ** Math.min(attempt, 30));
  const jittered = Math.floor(random() * ceiling);
  return outcome === 'rate-limited' ? (options.rateLimitedDelayMs ?? 5_000) + jittered : jittered;
}
