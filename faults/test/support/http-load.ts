/** One answer (or failure) of the load. */
export interface Sample {
  readonly target: string;
  readonly path: string;
  readonly started: number;
  readonly ended: number;
  /** HTTP status, or 0 when no answer came (connection refused or reset, or the request timed out). */
  readonly status: number;
  /** The `Retry-After` header, when the answer had one. */
  readonly retryAfter?: string;
  readonly error?: string;
}

export interface LoadTarget {
  readonly name: string;
  readonly baseUrl: string;
}

export interface Loop {
  readonly target: string;
  readonly path: string;
}

export interface ExpectedAnswers {
  readonly from: number;
  readonly to: number;
  readonly status: number;
}

/** A request that takes longer than this counts as hung (CONTRACT 7: 503 within 1 s without Redis). */
const HUNG_MS = 5000;

/**
 * Concurrent HTTP loops, one per target and path, each sending its next request shortly after the
 * previous answer, recording every outcome. A target can be stopped alone (its process is about to die).
 */
export class HttpLoad {
  readonly samples: Sample[] = [];
  private readonly stopped = new Set<string>();
  private readonly loops: Promise<void>[] = [];

  constructor(
    private readonly apiKey: string,
    private readonly pauseMs: number,
  ) {}

  start(targets: readonly LoadTarget[], paths: readonly string[]): void {
    for (const target of targets) for (const path of paths) this.loops.push(this.run(target, path));
  }

  /** Stops the loops of one target after their request in flight. */
  stopTarget(name: string): void {
    this.stopped.add(name);
  }

  async stop(): Promise<void> {
    this.stopped.add('*');
    await Promise.all(this.loops);
  }

  /** Samples of `target` (every target when omitted) whose request started in [from, to). */
  startedBetween(from: number, to: number, target?: string): Sample[] {
    return this.samples.filter(
      (sample) =>
        sample.started >= from && sample.started < to && (target === undefined || sample.target === target),
    );
  }

  /**
   * The loops that got no `status` answer before the fault ended, for requests started while it
   * lasted; with what they got. A loop waits for each answer before the next request, so a request
   * hung on the fault shows here (its loop had no such answer before `to`); how fast answers came is
   * not judged (a busy machine moves it): the fault lasts several times the 1 s deadline.
   */
  unansweredDuring(loops: readonly Loop[], expected: ExpectedAnswers): object[] {
    const unanswered: object[] = [];
    for (const { target, path } of loops) {
      const during = this.startedBetween(expected.from, expected.to, target).filter((s) => s.path === path);
      const answered = during.some(
        (sample) => sample.status === expected.status && sample.ended < expected.to,
      );
      if (!answered) unanswered.push({ target, path, got: during.map(({ status }) => status) });
    }
    return unanswered;
  }

  private running(target: LoadTarget): boolean {
    return !this.stopped.has('*') && !this.stopped.has(target.name);
  }

  private async run(target: LoadTarget, path: string): Promise<void> {
    while (this.running(target)) {
      this.samples.push(await this.request(target, path));
      await new Promise((resolve) => setTimeout(resolve, this.pauseMs));
    }
  }

  private async request(target: LoadTarget, path: string): Promise<Sample> {
    const started = Date.now();
    try {
      const response = await fetch(`${target.baseUrl}${path}`, {
        headers: { 'x-api-key': this.apiKey },
        signal: AbortSignal.timeout(HUNG_MS),
      });
      await response.arrayBuffer();
      const retryAfter = response.headers.get('retry-after') ?? undefined;
      return { target: target.name, path, started, ended: Date.now(), status: response.status, retryAfter };
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return {
        target: target.name,
        path,
        started,
        ended: Date.now(),
        status: 0,
        error: `${String(error)}${cause}`,
      };
    }
  }
}
