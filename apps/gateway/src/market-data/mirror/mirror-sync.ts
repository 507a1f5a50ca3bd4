/** What a mirror sync drives: the mirrored data and a way to read a fresh snapshot of it. */
export interface SyncTarget<Snapshot> {
  /** Applies one pub/sub message to the mirrored data. */
  apply(message: string): void;
  install(snapshot: Snapshot): void;
  /**
   * Reads the snapshot and, in the same atomic step, publishes `token` on the fence channel, so
   * the messages published before the read arrive before the fence and those after it arrive after.
   */
  seed(token: string): void;
}

type Phase<Snapshot> =
  | { readonly kind: 'stale' }
  | { readonly kind: 'live' }
  | {
      readonly kind: 'seeding';
      readonly token: string;
      fenced: boolean;
      snapshot: Snapshot | undefined;
      readonly buffered: string[];
    };

/**
 * Keeps one mirrored series exact against its pub/sub channel. A snapshot replaces the data; messages
 * that arrive before its fence were published before the read (already in it) and are dropped, those
 * after it are applied on top, in order. Until then, and whenever messages may have been lost (the
 * subscriber disconnected), the series is not live and must not be read.
 */
export class MirrorSync<Snapshot> {
  private phase: Phase<Snapshot> = { kind: 'stale' };
  private seeds = 0;
  /** When the series stopped being live (epoch ms); undefined while live or before its first seed. */
  private notLiveSince: number | undefined;
  private everLive = false;

  constructor(
    private readonly id: string,
    private readonly target: SyncTarget<Snapshot>,
  ) {}

  get isLive(): boolean {
    return this.phase.kind === 'live';
  }

  /**
   * How long the series has not been exact (ms), for readiness; Infinity before its first seed came
   * back, 0 while live. Meanwhile reads of it fall back to Redis.
   */
  behindForMs(now = Date.now()): number {
    if (!this.everLive) return Number.POSITIVE_INFINITY;
    return this.notLiveSince === undefined ? 0 : now - this.notLiveSince;
  }

  /** The token of the seed in progress, if any (to tell whether a reply or failure still counts). */
  get pendingToken(): string | undefined {
    return this.phase.kind === 'seeding' ? this.phase.token : undefined;
  }

  /** Whether a fence token belongs to this series. */
  owns(token: string): boolean {
    return token.startsWith(`${this.id}#`);
  }

  /** Starts a new seed; any seed in progress no longer counts. */
  resync(): void {
    this.seeds += 1;
    const token = `${this.id}#${this.seeds}`;
    this.leaveLive();
    this.phase = { kind: 'seeding', token, fenced: false, snapshot: undefined, buffered: [] };
    this.target.seed(token);
  }

  /** Messages may be lost from now on: stop serving until the next seed. */
  markStale(): void {
    this.leaveLive();
    this.phase = { kind: 'stale' };
  }

  message(message: string): void {
    const phase = this.phase;
    if (phase.kind === 'live') this.target.apply(message);
    else if (phase.kind === 'seeding' && phase.fenced) phase.buffered.push(message);
  }

  /** Data changed in a way no message describes: read it again, unless the seed under way will. */
  invalidated(): void {
    const phase = this.phase;
    if (phase.kind === 'live' || (phase.kind === 'seeding' && phase.fenced)) this.resync();
  }

  fence(token: string): void {
    const phase = this.phase;
    if (phase.kind !== 'seeding' || phase.token !== token) return;
    phase.fenced = true;
    this.finishIfDone();
  }

  seeded(token: string, snapshot: Snapshot): void {
    const phase = this.phase;
    if (phase.kind !== 'seeding' || phase.token !== token) return;
    phase.snapshot = snapshot;
    this.finishIfDone();
  }

  private finishIfDone(): void {
    const phase = this.phase;
    if (phase.kind !== 'seeding' || !phase.fenced || phase.snapshot === undefined) return;
    this.target.install(phase.snapshot);
    for (const message of phase.buffered) this.target.apply(message);
    this.phase = { kind: 'live' };
    this.everLive = true;
    this.notLiveSince = undefined;
  }

  private leaveLive(): void {
    if (this.phase.kind === 'live') this.notLiveSince = Date.now();
  }
}
