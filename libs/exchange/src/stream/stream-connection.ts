import WebSocket, { type RawData } from 'ws';
import { malformed, type StreamFrame } from './stream-frame';
import type { MarketSymbol } from '@pds/market';
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

export const defaultSocketFactory: SocketFactory = (url, { autoPong }) =>
  new WebSocket(url, { autoPong, handshakeTimeout: 10_000, perMessageDeflate: false });

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
  private pingTimer: NodeJS.Timeout | undefined;
  private dueTimer: NodeJS.Timeout | undefined;
  private subscribeTimer: NodeJS.Timeout | undefined;
  private acksMissing: number;
  private ended = false;

  constructor(
    private readonly setup: ConnectionSetup,
    private readonly handlers: ConnectionHandlers,
    createSocket: SocketFactory = defaultSocketFactory,
  ) {
    this.acksMissing = setup.subscriptionAcks ? setup.subscribeMessages.length : 0;
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
    return this.acksMissing === 0;
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
    const acks = this.setup.subscriptionAcks;
    if (acks && this.acksMissing > 0) {
      this.subscribeTimer = setTimeout(() => {
        this.die('subscription:timeout');
      }, acks.withinMs);
    }
    const appPing = this.setup.ping.appPing;
    if (appPing) {
      this.pingTimer = setInterval(() => {
        if (this.socket.readyState === WebSocket.OPEN) this.socket.send(appPing.message);
      }, appPing.everyMs);
    }
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.ended) return;
    this.armWatchdog();
    const decoded = isBinary
      ? malformed(`binary frame of ${textOf(data).length} bytes`)
      : this.setup.decoder.decode(textOf(data));
    const frames: readonly StreamFrame[] = Array.isArray(decoded) ? decoded : [decoded as StreamFrame];
    this.dispatch(frames, 'exchange');
    this.armDue();
  }

  private dispatch(frames: readonly StreamFrame[], origin: FrameOrigin): void {
    for (const frame of frames) {
      // A frame's handler may close this connection (a switch): the rest of the batch is dropped.
      if (this.isEnded) return;
      this.noteSubscription(frame);
      this.handlers.onFrame(this, frame, origin);
      if (frame.kind === 'errorReply' && frame.subscription === true) this.die('subscription:refused');
    }
  }

  private noteSubscription(frame: StreamFrame): void {
    if (frame.kind !== 'ack' || frame.subscription !== true || this.acksMissing === 0) return;
    this.acksMissing -= 1;
    if (this.acksMissing === 0) clearTimeout(this.subscribeTimer);
  }

  /** Asks the decoder again when the exchange's clock makes something due (a candle's end). */
  private armDue(): void {
    const { decoder } = this.setup;
    const at = decoder.nextDueAt?.();
    clearTimeout(this.dueTimer);
    if (at === undefined || this.ended) return;
    this.dueTimer = setTimeout(
      () => {
        if (this.ended) return;
        this.dispatch(decoder.due?.() ?? [], 'clock');
        this.armDue();
      },
      Math.max(0, at - Date.now()),
    );
  }

  private armWatchdog(): void {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      this.die('silence');
    }, this.setup.silenceMs);
  }

  private stopTimers(): void {
    clearTimeout(this.silenceTimer);
    clearInterval(this.pingTimer);
    clearTimeout(this.dueTimer);
    clearTimeout(this.subscribeTimer);
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
  },
  handlers: ConnectionHandlers,
): StreamConnection {
  const { wireFormat, symbol, silenceMs } = stream;
  const setup: ConnectionSetup = {
    url,
    silenceMs,
    subscribeMessages: wireFormat.subscribeMessages(symbol),
    decoder: wireFormat.createDecoder(symbol),
    ping: wireFormat.ping,
    subscriptionAcks: wireFormat.subscriptionAcks,
  };
  return new StreamConnection(setup, handlers, stream.createSocket);
}
