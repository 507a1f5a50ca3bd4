// Raw sockets, not libs/client's streams: the lag is matched by each frame's exact bytes as the
// gateway sent them, and the client's parsing, windows and reconnects would add their own work to
// the lag this measures (thousands of clients in one process).
import { setTimeout as delay } from 'node:timers/promises';
import { splitSource } from '@pds/redis';
import { LagHistogram } from './lag-histogram';
import { type RawClientHandlers, RawWebSocketClient } from './ws-raw-client';
import { Receipts } from './ws-receipts';

interface Frame {
  /** Its index in the receipts' `frameIds`. */
  readonly id: number;
  /** Exchange time of the trade that produced it; set when the channel message is seen. */
  tradeTime: number | undefined;
  /** How often the channel carried these exact bytes (a repeat is not a new trade's frame). */
  published: number;
}

export interface RecordedWindow {
  /** Receipts of the window's messages, those that landed after it included. */
  readonly frames: number;
  /** Messages the followed channel carried during the window: each client should get each once. */
  readonly published: number;
  /** Frames that could be matched to one trade: the lag samples. */
  readonly sampled: number;
  readonly lagBuckets: [number, number][];
}

/** After the window, receipts of its messages are awaited until none came for this long… */
const DRAIN_QUIET_MS = 1000;
/** …or this long at most. */
const DRAIN_MOST_MS = 10_000;

/**
 * Lag of every frame every client receives for the messages of a window: receipt − exchange time of
 * the trade behind it. Frames are matched by their exact text to the messages of the channel the
 * clients follow, read from Redis here too; a trade's time is that of the price message the ingestor
 * publishes just before (the same script, the same connection, so in order). Receipts that come
 * before their channel message wait for it. Only the window's own messages count, each to the end:
 * a frame of a message published before the window is not counted, and the frames of its last
 * messages still on their way when it closes are awaited, so that what is in flight at either edge
 * neither adds to nor takes from what was delivered. A text the channel carried twice (an exchange
 * kline push that changed nothing) has no single trade, so it is counted as delivered but not sampled.
 */
export class FanOutRecorder {
  private frames = new Map<string, Frame>();
  private byId: Frame[] = [];
  private receipts = new Receipts();
  private lastTradeTime: number | undefined;
  private published = 0;
  /** Publications counted while recording; receipts of counted ones while recording or draining. */
  private phase: 'idle' | 'recording' | 'draining' = 'idle';
  private lastReceiptAt = 0;

  start(): void {
    this.frames = new Map();
    this.byId = [];
    this.receipts = new Receipts();
    this.published = 0;
    this.phase = 'recording';
  }

  /** Closes the window, waits for its messages' last frames, and gives what was recorded. */
  async stop(): Promise<RecordedWindow> {
    this.phase = 'draining';
    const closedAt = Date.now();
    this.lastReceiptAt = closedAt;
    while (Date.now() - this.lastReceiptAt < DRAIN_QUIET_MS && Date.now() - closedAt < DRAIN_MOST_MS) {
      await delay(100);
    }
    this.phase = 'idle';
    return this.window();
  }

  /** A price message (their `time` is the trade's), before any kline of the same trade. */
  onPrice(message: string): void {
    this.lastTradeTime = Date.parse((JSON.parse(message) as { time: string }).time);
  }

  /** A message of the channel the clients follow (for the price path, after onPrice). */
  onPublished(message: string): void {
    if (this.phase !== 'recording') return;
    this.published += 1;
    const frame = this.publishedFrameOf(message);
    frame.published += 1;
    frame.tradeTime ??= this.lastTradeTime;
  }

  onFrame(text: string, receivedAt: number): void {
    if (this.phase === 'idle') return;
    const frame = this.frameOf(text);
    if (this.phase === 'draining' && frame.published === 0) return;
    this.receipts.add(frame.id, receivedAt);
    if (frame.published > 0) this.lastReceiptAt = receivedAt;
  }

  private window(): RecordedWindow {
    const histogram = new LagHistogram();
    let frames = 0;
    for (const [frameId, receivedAt] of this.receipts.entries()) {
      const frame = this.byId[frameId];
      if (frame === undefined || frame.published === 0) continue;
      frames += 1;
      if (frame.tradeTime === undefined || frame.published !== 1) continue;
      histogram.add(receivedAt - frame.tradeTime);
    }
    this.frames = new Map();
    this.byId = [];
    this.receipts = new Receipts();
    return { frames, published: this.published, sampled: histogram.size, lagBuckets: histogram.buckets() };
  }

  /**
   * A received frame's record, by its exact text: the client process reads a frame per client and
   * trade, so receipts do no parsing of their own.
   */
  private frameOf(text: string): Frame {
    let frame = this.frames.get(text);
    if (!frame) {
      frame = { id: this.byId.length, tradeTime: undefined, published: 0 };
      this.byId.push(frame);
      this.frames.set(text, frame);
    }
    return frame;
  }

  /**
   * A channel message's record, under both texts a frame of it may have: the channel's messages
   * carry their exchange as a last field, which the gateway leaves out of its frames and the bare
   * baseline forwards as is.
   */
  private publishedFrameOf(message: string): Frame {
    const value = splitSource(message).json;
    const frame = this.frames.get(value) ?? this.frameOf(message);
    this.frames.set(value, frame);
    return frame;
  }
}

export interface OpenOptions {
  /** Client i connects to urls[i % urls.length] (one URL per API key of the pool). */
  readonly urls: readonly string[];
  readonly count: number;
  /** Connections being set up at the same time. */
  readonly concurrency: number;
  /** Bound for one client from connect to its first frame (or open, without `awaitFirstFrame`). */
  readonly clientTimeoutMs: number;
  /** The gateway's first frame is the snapshot; the bare fan-out sends nothing before the next trade. */
  readonly awaitFirstFrame: boolean;
}

export interface OpenProgress {
  readonly opened: number;
  readonly failed: number;
  /** Clients the server closed after they were open. */
  readonly dropped: number;
  /** A few distinct failure reasons, for the report. */
  readonly reasons: readonly string[];
}

/** Client sockets that report every frame to a recorder once open. */
export class ClientPool {
  readonly sockets: RawWebSocketClient[] = [];
  private failed = 0;
  private dropped = 0;
  private closing = false;
  private readonly reasons = new Set<string>();

  constructor(private readonly recorder: FanOutRecorder) {}

  progress(): OpenProgress {
    return {
      opened: this.sockets.length,
      failed: this.failed,
      dropped: this.dropped,
      reasons: [...this.reasons],
    };
  }

  /** Opens `count` clients, at most `concurrency` at a time; a client that fails is counted, not retried. */
  async open(options: OpenOptions): Promise<OpenProgress> {
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < options.count) {
        const url = options.urls[next % options.urls.length] ?? '';
        next += 1;
        await this.openOne(url, options).then(
          (socket) => this.sockets.push(socket),
          (error: unknown) => {
            this.failed += 1;
            this.noteReason(error instanceof Error ? error.message : String(error));
          },
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency, options.count) }, lane));
    return this.progress();
  }

  closeAll(): void {
    this.closing = true;
    for (const socket of this.sockets) socket.terminate();
    this.sockets.length = 0;
  }

  private noteReason(reason: string): void {
    if (this.reasons.size < 5) this.reasons.add(reason);
  }

  /** Ready at its first frame (`awaitFirstFrame`) or once upgraded; from then on it reports frames. */
  private async openOne(url: string, options: OpenOptions): Promise<RawWebSocketClient> {
    const { ready, markReady, fail } = readiness();
    const connecting = RawWebSocketClient.connect(url, {
      onMessage: () => {
        markReady();
      },
      onEnd: (code) => {
        fail(new Error(`closed with ${code} before it was ready`));
      },
    });
    void connecting.then(
      () => {
        if (!options.awaitFirstFrame) markReady();
      },
      (error: unknown) => {
        fail(error instanceof Error ? error : new Error(String(error)));
      },
    );
    const what = options.awaitFirstFrame ? 'first frame' : 'open';
    const timer = setTimeout(() => {
      fail(new Error(`no ${what} within ${options.clientTimeoutMs} ms`));
    }, options.clientTimeoutMs);
    try {
      await ready;
      const client = await connecting;
      client.handle(this.recordingHandlers);
      return client;
    } catch (error) {
      // A client that connects after its deadline, or is not ready, is closed.
      void connecting.then(
        (client) => {
          client.terminate();
        },
        () => undefined,
      );
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** What an open client does with its frames and its end (one object for every client). */
  private readonly recordingHandlers: RawClientHandlers = {
    onMessage: (chunk, start, end, receivedAt) => {
      this.recorder.onFrame(chunk.toString('utf8', start, end), receivedAt);
    },
    onEnd: (code) => {
      if (this.closing) return;
      this.dropped += 1;
      this.noteReason(`closed with ${code} while open`);
    },
  };
}

/** A promise settled from outside: ready, or failed with the first error. */
function readiness(): { ready: Promise<void>; markReady: () => void; fail: (error: Error) => void } {
  let markReady = (): void => undefined;
  let fail = (error: Error): void => {
    throw error;
  };
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    fail = reject;
  });
  return { ready, markReady, fail };
}
