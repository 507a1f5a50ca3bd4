import { malformed, type StreamFrame } from './stream-frame';
import type { FrameDecoder } from './wire-format';

/**
 * Asks a decoder for the frames its exchange's clock makes due when no frame comes (Kraken: a
 * candle whose interval has ended), at the local time the decoder names. Like decoding, asking
 * never throws: a decoder that throws anyway yields one malformed frame.
 */
export class DueTimer {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly decoder: FrameDecoder,
    private readonly deliver: (frames: readonly StreamFrame[]) => void,
  ) {}

  /** Re-arms at the decoder's next due time (after every frame, since frames move it). */
  arm(): void {
    clearTimeout(this.timer);
    const at = this.stopped ? undefined : this.nextAt();
    if (at === undefined) return;
    this.timer = setTimeout(
      () => {
        this.deliver(this.due());
        this.arm();
      },
      Math.max(0, at - Date.now()),
    );
  }

  /** For good: a stopped timer is never armed again. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private nextAt(): number | undefined {
    try {
      return this.decoder.nextDueAt?.();
    } catch {
      return undefined;
    }
  }

  private due(): readonly StreamFrame[] {
    try {
      return this.decoder.due?.() ?? [];
    } catch (error) {
      return [malformed(`decoder threw: ${String(error)}`)];
    }
  }
}
