/** How getKlines picks klines (CONTRACT section 3), independent of where they are stored. */
export interface KlinesWindow {
  readonly limit: number;
  /** Inclusive bounds on openTime, epoch ms. */
  readonly from?: number;
  readonly to?: number;
}

/** With a lower bound the first `limit` klines in range count, otherwise the last `limit`. */
export function takesFirst(window: KlinesWindow): boolean {
  return window.from !== undefined;
}

export function inWindow(openTime: number, window: KlinesWindow): boolean {
  return (
    (window.from === undefined || openTime >= window.from) &&
    (window.to === undefined || openTime <= window.to)
  );
}

export interface StoredKline {
  readonly openTime: number;
  readonly json: string;
}

/**
 * Closed klines (ascending, already limited to the window) plus the open kline when it is in the
 * window and newer than every closed one, cut to `limit` from the proper end.
 */
export function selectKlines(
  closed: readonly StoredKline[],
  open: StoredKline | undefined,
  window: KlinesWindow,
): string[] {
  const newestClosed = closed.at(-1)?.openTime ?? Number.NEGATIVE_INFINITY;
  const all =
    open && inWindow(open.openTime, window) && open.openTime > newestClosed ? [...closed, open] : closed;
  const kept = takesFirst(window) ? all.slice(0, window.limit) : all.slice(-window.limit);
  return kept.map((kline) => kline.json);
}
