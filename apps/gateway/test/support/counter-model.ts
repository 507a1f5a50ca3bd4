import type { CounterReplicas } from './counter-replicas';

/**
 * What the model knows of one key's current window: the hits asked for and let through, the limits
 * they carried, and why, if at all, the window may let fewer through than min(requests, limit).
 */
export interface WindowSeen {
  requests: number;
  admitted: number;
  limits: Set<number>;
  /** Some hits were counted hit by hit (a limit below the allotment threshold): refused ones count too. */
  countedEach: boolean;
  /** Why fewer may pass (a restart, a stall, a limit change, waits that outlived the window's time). */
  disturbed: string | undefined;
  /** A replica died or stalled holding an allotment of this window: its unused hits may never come back. */
  allotmentLost: boolean;
}

export interface CounterModel {
  /** Each key's limit now. */
  readonly limits: number[];
  /** Keys revoked: they get no more hits (the counter has no call for it; allotments settle as ever). */
  readonly revoked: boolean[];
  /** Replicas whose calls to Redis are held back. */
  readonly stalled: Set<number>;
  windows: WindowSeen[];
  /** Virtual ms the current window has run (a window's time is bounded, so a run never sees it end unasked). */
  msInWindow: number;
}

export interface CounterReal {
  readonly replicas: CounterReplicas;
  /** Over every run: windows checked, how many of those exactly, late returns dropped. */
  readonly stats: { windows: number; exact: number; droppedReturns: number };
}

/** Virtual ms a window may run before the model ends it (Redis' own window is far longer). */
export const WINDOW_TIME_MS = 20_000;

export function freshWindows(keys: number): WindowSeen[] {
  return Array.from({ length: keys }, () => ({
    requests: 0,
    admitted: 0,
    limits: new Set<number>(),
    countedEach: false,
    disturbed: undefined,
    allotmentLost: false,
  }));
}

export function disturbAll(model: CounterModel, why: string, allotmentLost = false): void {
  for (const window of model.windows) {
    window.disturbed ??= why;
    window.allotmentLost ||= allotmentLost;
  }
}

export const mostOf = (limits: ReadonlySet<number>): number => Math.max(0, ...limits);

/**
 * What must hold of a window that ended with `count` in Redis: never more let through than the
 * highest limit its hits carried; every hit let through still counted (a late return from an older
 * window never took hits back from this one); a metered window's count never above that limit;
 * undisturbed, exactly min(requests, limit) let through; and, `drained` (every allotment ended and
 * settled before the end) with no allotment lost, a metered window's count exactly what it let through.
 */
export function checkEndedWindow(window: WindowSeen, count: number, drained: boolean): void {
  const limit = mostOf(window.limits);
  expect(window.admitted).toBeLessThanOrEqual(limit);
  expect(count).toBeGreaterThanOrEqual(window.admitted);
  if (!window.countedEach) expect(count).toBeLessThanOrEqual(limit);
  if (window.disturbed === undefined) expect(window.admitted).toBe(Math.min(window.requests, limit));
  if (drained && !window.allotmentLost && !window.countedEach) expect(count).toBe(window.admitted);
}
