/** What the failover knows of one exchange's live feed. */
export type FeedState = 'live' | 'dark';

/**
 * One exchange feed's health, from the messages it delivers and the connections it loses
 * (CONTRACT section 11): dark when it has delivered nothing for `darkAfterMs` (counted from the
 * start until its first message) or when its connection ended since its last message (refused,
 * cut, answered with an error); live otherwise. Times are this process's clock, epoch ms.
 */
export class SourceHealth {
  private lastMessageAt: number | undefined;
  private liveSince: number | undefined;
  private brokenSinceMessage = false;

  constructor(
    private readonly darkAfterMs: number,
    private readonly startedAt: number,
  ) {}

  /** Any message of the feed (market data or the exchange's heartbeat). */
  message(now: number): void {
    if (this.state(now) === 'dark' || this.liveSince === undefined) this.liveSince = now;
    this.lastMessageAt = now;
    this.brokenSinceMessage = false;
  }

  /** The feed's connection ended (or was refused) and no replacement delivers yet. */
  disconnected(): void {
    this.brokenSinceMessage = true;
  }

  state(now: number): FeedState {
    if (this.brokenSinceMessage) return 'dark';
    return now - (this.lastMessageAt ?? this.startedAt) >= this.darkAfterMs ? 'dark' : 'live';
  }

  /** True once the feed has delivered and is not dark. */
  isLive(now: number): boolean {
    return this.lastMessageAt !== undefined && this.state(now) === 'live';
  }

  /** How long it has been live without a break (0 when it is not live). */
  liveForMs(now: number): number {
    return this.isLive(now) && this.liveSince !== undefined ? now - this.liveSince : 0;
  }

  /** This process's time of the feed's last message, if any. */
  get lastMessageTime(): number | undefined {
    return this.lastMessageAt;
  }
}
