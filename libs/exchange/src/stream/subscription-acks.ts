import type { StreamFrame } from './stream-frame';

/**
 * A connection's subscribe messages awaiting their acknowledgements, for exchanges that send one
 * per message (Kraken). Until every one has come the connection carries no sign of life; when they
 * have not all come within `withinMs` of the subscription, or one is refused, it is dead, since the
 * exchange's heartbeats would otherwise keep a connection without data looking live.
 */
export class SubscriptionAcks {
  private missing: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    expected: number,
    private readonly withinMs: number | undefined,
  ) {
    this.missing = withinMs === undefined ? 0 : expected;
  }

  get complete(): boolean {
    return this.missing === 0;
  }

  /** The subscribe messages went out: `onTimeout` unless all are acknowledged in time. */
  sent(onTimeout: () => void): void {
    if (this.missing === 0 || this.withinMs === undefined) return;
    this.timer = setTimeout(onTimeout, this.withinMs);
  }

  /** Reads a frame; says `refused` when it refuses one of the subscriptions. */
  note(frame: StreamFrame): 'refused' | undefined {
    if (frame.kind === 'errorReply' && frame.subscription === true) return 'refused';
    if (frame.kind !== 'ack' || frame.subscription !== true || this.missing === 0) return undefined;
    this.missing -= 1;
    if (this.missing === 0) this.stop();
    return undefined;
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
