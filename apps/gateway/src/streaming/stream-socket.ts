import { WebSocket } from 'ws';
import type { ApiException } from '../errors/api-exception';
import { inWindow, isPastRange, type OpenTimeRange, UNBOUNDED } from '../market-data/klines/klines-selection';
import { ConflationBuffer } from './conflation-buffer';
import { CloseCode, closeFrameFor, nextArrival, type TopicUpdate, type UpdateBatch } from './frames';
import type { Slot } from './slot-book';
import {
  formatOf,
  isKlinesStream,
  type StreamFormat,
  type StreamRequest,
  type StreamRoute,
} from './stream-request';
import type { StreamTally } from './ws-metrics';

/** One options object for every send: frames are JSON text, also when passed as a shared Buffer. */
const TEXT = { binary: false } as const;

/** Checks run while `checking`; updates are held back while `syncing` (a snapshot is on its way). */
export type ConnectionState = 'checking' | 'syncing' | 'live' | 'closed';

export interface BehindWatcher {
  watch(connection: StreamSocket): void;
}

/** The socket under the WebSocket (the upgrade request's), for frames that are already complete. */
export interface FrameWriter {
  write(frame: Buffer): unknown;
}

export interface ConnectionContext {
  /** Unsent bytes above which updates are conflated. */
  readonly highWaterBytes: number;
  readonly slowReaders: BehindWatcher;
}

/**
 * One client socket of a stream. `push` is the fan-out's hot path: it gets its topic's updates
 * already framed (the same Buffer for every socket) and writes them to the TCP socket in one call;
 * it only does work of its own for a reader that is behind, whose updates it conflates (latest per
 * key) until the socket drains, or for a `/klines` range.
 */
export class StreamSocket {
  state: ConnectionState = 'checking';
  keyId: string | undefined;
  slot: Slot | undefined;
  request: StreamRequest | undefined;
  /** When this reader fell behind (epoch ms); undefined while it keeps up. */
  behindSince: number | undefined;
  unansweredPings = 0;
  /** The close code this side sent, for the log (the peer's echo may differ, or never come). */
  sentCloseCode: number | undefined;
  readonly openedAt = Date.now();
  private readonly format: StreamFormat;
  private readonly pending = new ConflationBuffer();
  private range: OpenTimeRange = UNBOUNDED;
  private generation = 0;
  /** Updates that arrived before this (the snapshot's moment) are superseded by the snapshot. */
  private liveFrom = 0;

  constructor(
    readonly id: string,
    readonly socket: WebSocket,
    private readonly wire: FrameWriter,
    readonly route: StreamRoute,
    private readonly context: ConnectionContext,
    /** The operation's counts; every frame sent adds to `sent`. */
    private readonly tally: StreamTally,
  ) {
    this.format = formatOf(route.kind);
  }

  /** A method, not a getter: the answer changes across awaits, so it must not be narrowed. */
  isClosed(): boolean {
    return this.state === 'closed';
  }

  /** Keeps the slot unless the socket closed meanwhile (then the caller releases it). */
  attach(slot: Slot): boolean {
    if (this.isClosed()) return false;
    this.slot = slot;
    return true;
  }

  follow(request: StreamRequest): void {
    this.request = request;
    this.range = isKlinesStream(request) ? request.window : UNBOUNDED;
  }

  /** The updates of one flush: in one write while this reader keeps up and follows every key. */
  push(batch: UpdateBatch): void {
    if (this.state !== 'live' || this.socket.readyState !== WebSocket.OPEN) return;
    const first = batch.updates[0];
    if (
      first !== undefined &&
      first.arrival > this.liveFrom &&
      this.range === UNBOUNDED &&
      this.pending.size === 0 &&
      this.socket.bufferedAmount <= this.context.highWaterBytes
    ) {
      this.wire.write(batch.wire);
      this.tally.sent += batch.updates.length;
      return;
    }
    for (const update of batch.updates) this.pushOne(update);
  }

  private pushOne({ arrival, key, message, wire }: TopicUpdate): void {
    if (this.state !== 'live' || arrival < this.liveFrom) return;
    if (!inWindow(key, this.range)) {
      if (isPastRange(key, this.range)) this.close(CloseCode.Normal, 'range complete');
      return;
    }
    if (this.pending.size === 0 && this.socket.bufferedAmount <= this.context.highWaterBytes) {
      this.wire.write(wire);
      this.tally.sent += 1;
      return;
    }
    this.pending.set(key, message);
    this.tally.conflated += 1;
    this.drain(Date.now());
  }

  /** Sends what is pending once the socket has room; true when this reader has caught up. */
  drain(now: number): boolean {
    if (this.state === 'live' && this.socket.bufferedAmount > this.context.highWaterBytes) {
      this.behindSince ??= now;
      this.context.slowReaders.watch(this);
      return false;
    }
    if (this.state === 'live' && this.pending.size > 0) {
      for (const frame of this.format.framesOf(this.pending.take())) this.send(frame);
    }
    this.behindSince = undefined;
    return true;
  }

  /** Holds updates back until `completeSync`; returns the generation that snapshot must carry. */
  beginSync(): number {
    if (!this.isClosed()) this.state = 'syncing';
    this.pending.clear();
    this.generation += 1;
    return this.generation;
  }

  isWaitingFor(generation: number): boolean {
    return this.state === 'syncing' && generation === this.generation;
  }

  /**
   * Sends the snapshot, which supersedes every update received before it, and goes live. False when
   * the connection closed or a newer sync started meanwhile.
   */
  completeSync(snapshot: Buffer | string, generation: number): boolean {
    if (!this.isWaitingFor(generation)) return false;
    this.pending.clear();
    this.send(snapshot);
    this.state = 'live';
    this.liveFrom = nextArrival();
    return true;
  }

  /** The one frame of a finished range, then a normal close. */
  sendFinal(snapshot: string): void {
    if (this.isClosed()) return;
    this.send(snapshot);
    this.close(CloseCode.Normal, 'range complete');
  }

  /** The error frame, then the close code of its status (CONTRACT section 6). */
  reject(error: ApiException): void {
    if (this.isClosed()) return;
    this.send(JSON.stringify(error.body));
    const frame = closeFrameFor(error);
    this.close(frame.code, frame.reason);
  }

  close(code: number, reason: string): void {
    if (this.isClosed()) return;
    this.state = 'closed';
    this.sentCloseCode = code;
    this.pending.clear();
    this.socket.close(code, reason);
  }

  /** The socket is gone (closed by either side, or terminated). */
  markClosed(): void {
    this.state = 'closed';
    this.pending.clear();
  }

  /** A ping per interval; a peer that left two of them unanswered is dropped. */
  heartbeat(): void {
    if (this.unansweredPings >= 2) {
      this.markClosed();
      this.socket.terminate();
      return;
    }
    this.unansweredPings += 1;
    this.socket.ping();
  }

  private send(data: Buffer | string): void {
    this.tally.sent += 1;
    this.socket.send(data, TEXT);
  }
}
