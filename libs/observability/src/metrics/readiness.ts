/** What a worker's `GET /ready` answers: 200 when `ready`, else 503 naming the `reason`. */
export interface Readiness {
  readonly ready: boolean;
  readonly reason?: string;
  readonly [field: string]: unknown;
}

/** An app's own readiness check; it must answer quickly (fail-fast Redis commands, no waiting). */
export interface ReadinessProbe {
  check(): Promise<Readiness>;
}

/** Nest token of the app's ReadinessProbe (optional: an app without one serves no `/ready`). */
export const READINESS_PROBE = Symbol('READINESS_PROBE');
