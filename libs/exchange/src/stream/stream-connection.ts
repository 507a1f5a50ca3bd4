import WebSocket, { type RawData } from 'ws';
import type { MarketSymbol } from '@pds/market';
import { MAX_MESSAGE_BYTES } from './frame-checks';
import { DueTimer } from './due-timer';
import { malformed, type StreamFrame } from './stream-frame';
import { SubscriptionAcks } from './subscription-acks';
import type { FrameDecoder, PingRules, StreamWireFormat } from './wire-format';

/** Where a frame came from: the exchange, or the exchange's clock alone (see FrameDecoder.due). */
export type FrameOrigin = 'exchange' | 'clock';

export interface ConnectionHandlers {
  onFrame(connection: StreamConnection, frame: StreamFrame, origin: FrameOrigin): void;
  /** Called once when the connection ends by itself (never after `close()`). */
  onDead(connection: StreamConnection, reason: string): void;
}

export interface ConnectionSetup {
  readonly url: string;
  readonly silenceMs: number;
  readonly subscribeMessages: readonly string[];
  readonly decoder: FrameDecoder;
  readonly ping: PingRules;
  readonly subscriptionAcks?: { readonly withinMs: number } | undefined;
}

export type SocketFactory = (url: string, options: { readonly autoPong: boolean }) => WebSocket;

/** Why a connection died when the exchange sent a message over `MAX_MESSAGE_BYTES`. */
export const OVERSIZE_DEATH = 'oversize';

// maxPayload: ws refuses a larger message before buffering it (its default is 100 MiB) and closes
// the connection with 1009, which ends it as dead like any protocol failure.
export const defaultSocketFactory: SocketFactory = (url, { autoPong }) =>
  new WebSocket(url, {
    autoPong,
    handshakeTimeout: 10_000,
    perMessageDeflate: false,
    maxPayload: MAX_MESSAGE_BYTES,
  });

function isFrameList(decoded: StreamFrame | readonly StreamFrame[]): decoded is readonly StreamFrame[] {
  return Array.isArray(decoded);
}

function byteLengthOf(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data.byteLength;
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/**
 * Why a connection ended, short and stable for logs and the failover: `http:451` when the upgrade
 * was answered with an HTTP status (ws reports "Unexpected server response: 451"), `refused`,
 * `error:<message>` otherwise.
 */
export function deathReasonOf(error: Error & { code?: string }): string {
  if (error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') return OVERSIZE_DEATH;
  const status = /Unexpected server response: (\d{3})/.exec(error.message)?.[1];
  if (status !== undefined) return `http:${status}`;
  if (error.code === 'ECONNREFUSED') return 'refused';
  return `error:${error.message}`;
}

let nextConnectionId = 1;

/**
 * One WebSocket to an exchange, with a silence watchdog: when no message arrives for `silenceMs`
 * (from the start, so a connection that never delivers counts too) it is terminated and reported
 * dead. WebSocket ping frames do not count as messages: a server that only pings sends no data;
 * an exchange's own heartbeat messages do count (Kraken sends one a second when nothing else flows).
 */
export class StreamConnection {
  readonly id = nextConnectionId++;
  private readonly socket: WebSocket;
  private silenceTimer: NodeJS.Timeout | undefined;
  private silenceVerdict: NodeJS.Immediate | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private readonly acks: SubscriptionAcks;
  private readonly dueTimer: DueTimer;
  private ended = false;

  constructor(
    private readonly setup: ConnectionSetup,
    private readonly handlers: ConnectionHandlers,
    createSocket: SocketFactory = defaultSocketFactory,
  ) {
    this.acks = new SubscriptionAcks(setup.subscribeMessages.length, setup.subscriptionAcks?.withinMs);
    this.dueTimer = new DueTimer(setup.decoder, (frames) => {
      if (!this.ended) this.dispatch(frames, 'clock');
    });
    this.socket = createSocket(setup.url, { autoPong: setup.ping.autoPong });
    this.socket.on('open', () => {
      this.onOpen();
    });
    this.socket.on('message', (data, isBinary) => {
      this.onMessage(data, isBinary);
    });
    this.socket.on('error', (error) => {
      this.die(deathReasonOf(error));
    });
    this.socket.on('close', (code) => {
      this.die(`closed:${code}`);
    });
    this.armWatchdog();
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Every subscribe message acknowledged (always, for exchanges that send no acknowledgements). */
  get isSubscribed(): boolean {
    return this.acks.complete;
  }

  /** Ends the connection as dead (`onDead` with `reason`), e.g. when the exchange says it is down. */
  fail(reason: string): void {
    this.die(reason);
  }

  /** Ends the connection on purpose: no `onDead`, no more frames. */
  close(): void {
    if (this.ended) return;
    this.ended = true;
    this.stopTimers();
    if (this.socket.readyState === WebSocket.OPEN) {
      this.socket.close(1000);
      // A peer that never answers the close handshake must not keep the socket alive.
      setTimeout(() => {
        this.socket.terminate();
      }, 1000).unref();
    } else {
      this.socket.terminate();
    }
  }

  private onOpen(): void {
    if (this.ended) return;
    for (const message of this.setup.subscribeMessages) this.socket.send(message);
    this.acks.sent(() => {
      this.die('subscription:timeout');
    });
    const appPing = this.setup.ping.appPing;
    if (appPing) {
      this.pingTimer = setInterval(() => {
        if (this.socket.readyState === WebSocket.OPEN) this.socket.send(appPing.message);
      }, appPing.everyMs);
    }
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.ended) return;
    // A socket made without maxPayload (a test's factory) gets the same bound here.
    if (byteLengthOf(data) > MAX_MESSAGE_BYTES) {
      this.die(OVERSIZE_DEATH);
      return;
    }
    this.armWatchdog();
    this.dispatch(this.decode(data, isBinary), 'exchange');
    this.dueTimer.arm(); // after the frames: a stopped timer (a connection that ended) stays off
  }

  private dispatch(frames: readonly StreamFrame[], origin: FrameOrigin): void {
    for (const frame of frames) {
      // A frame's handler may close this connection (a switch): the rest of the batch is dropped.
      if (this.isEnded) return;
      const refusal = this.acks.note(frame);
      this.deliver(frame, origin);
      if (refusal === 'refused') this.die('subscription:refused');
    }
  }

  /** Decoders never throw by contract; should one do so anyway, its frame is malformed, no more. */
  private decode(data: RawData, isBinary: boolean): readonly StreamFrame[] {
    try {
      if (isBinary) return [malformed(`binary frame of ${byteLengthOf(data)} bytes`)];
      const decoded: StreamFrame | readonly StreamFrame[] = this.setup.decoder.decode(textOf(data));
      return isFrameList(decoded) ? decoded : [decoded];
    } catch (error) {
      return [malformed(`decoder threw: ${String(error)}`)];
    }
  }

  /**
   * No exception from a frame leaves the socket's handler (it would end the process): a handler
   * that throws has its frame counted as malformed instead.
   */
  private deliver(frame: StreamFrame, origin: FrameOrigin): void {
    try {
      this.handlers.onFrame(this, frame, origin);
    } catch (error) {
      try {
        this.handlers.onFrame(this, malformed(`handler threw: ${String(error)}`), 'exchange');
      } catch {
        // Counting failed too: the frame is dropped all the same.
      }
    }
  }

  private armWatchdog(): void {
    clearTimeout(this.silenceTimer);
    clearImmediate(this.silenceVerdict);
    this.silenceTimer = setTimeout(() => {
      // One turn of I/O first: after a stalled event loop, messages already on the socket count.
      this.silenceVerdict = setImmediate(() => {
        this.die('silence');
      });
    }, this.setup.silenceMs);
  }

  private stopTimers(): void {
    clearTimeout(this.silenceTimer);
    clearImmediate(this.silenceVerdict);
    clearInterval(this.pingTimer);
    this.dueTimer.stop();
    this.acks.stop();
  }

  private die(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    this.stopTimers();
    this.socket.terminate();
    this.handlers.onDead(this, reason);
  }
}

/** A new connection of a stream, set up the way the exchange's wire format says. */
export function openStreamConnection(
  url: string,
  stream: {
    readonly wireFormat: StreamWireFormat;
    readonly symbol: MarketSymbol;
    readonly silenceMs: number;
    readonly createSocket?: SocketFactory;
    /** The service's clock (`serviceNow` unless a test injects one), for decoders that close by time. */
    readonly now?: () => number;
  },
  handlers: ConnectionHandlers,
): StreamConnection {
  const { wireFormat, symbol, silenceMs } = stream;
  const setup: ConnectionSetup = {
    url,
    silenceMs,
    subscribeMessages: wireFormat.subscribeMessages(symbol),
    decoder: wireFormat.createDecoder(symbol, stream.now),
    ping: wireFormat.ping,
    subscriptionAcks: wireFormat.subscriptionAcks,
  };
  return new StreamConnection(setup, handlers, stream.createSocket);
}
