import type { Unsubscribe } from '../storage/change-subscriber';
import { nextArrival } from './arrival-order';
import type { StreamConnection } from './stream-connection';
import type { StreamFormat } from './stream-format';
import { textFrame } from './wire-frame';

/** One channel message, prepared once for every socket of the topic. */
export interface TopicUpdate {
  /** When it arrived (nextArrival). */
  readonly arrival: number;
  /** The conflation key (a kline's openTime; 0 for prices). */
  readonly key: number;
  readonly message: string;
  /** Its complete WebSocket frame. */
  readonly wire: Buffer;
}

/** Messages framed and written together at most: bounds a burst's garbage and each socket's write. */
const MAX_BATCH = 32;

/** The updates of one flush, oldest first. */
export class UpdateBatch {
  private joined: Buffer | undefined;

  constructor(readonly updates: readonly TopicUpdate[]) {}

  /** All their frames back to back, joined on first use (only sockets that keep up need it). */
  get wire(): Buffer {
    this.joined ??=
      this.updates.length === 1 && this.updates[0]
        ? this.updates[0].wire
        : Buffer.concat(this.updates.map((update) => update.wire));
    return this.joined;
  }
}

/**
 * The local sockets of one stream kind on one Redis channel. Messages are queued as they arrive and
 * flushed once per event-loop turn (setImmediate, after the I/O that brought them), or as soon as
 * MAX_BATCH are queued: each message is framed once, and each socket gets one write per flush, however
 * many messages it holds. A gateway that falls behind therefore catches up with fewer, larger writes
 * instead of one per message and socket.
 */
export class StreamTopic {
  readonly connections = new Set<StreamConnection>();
  unsubscribe: Unsubscribe = () => undefined;
  private queued: TopicUpdate[] = [];

  constructor(
    readonly id: string,
    private readonly format: StreamFormat,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The channel handler; an arrow so it is bound once per topic, never per socket. */
  readonly publish = (message: string): void => {
    try {
      const wire = textFrame(this.format.frameOf(message));
      this.queued.push({ arrival: nextArrival(), key: this.format.keyOf(message), message, wire });
      if (this.queued.length === 1) setImmediate(this.flush);
      else if (this.queued.length >= MAX_BATCH) this.flush();
    } catch (error) {
      // A throw here would unwind into the Redis client's event loop.
      this.onError(error);
    }
  };

  private readonly flush = (): void => {
    if (this.queued.length === 0) return;
    const batch = new UpdateBatch(this.queued);
    this.queued = [];
    try {
      for (const connection of this.connections) connection.push(batch);
    } catch (error) {
      this.onError(error);
    }
  };
}
