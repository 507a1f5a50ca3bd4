import WebSocket, { type RawData } from 'ws';
import type { BinanceFrame } from './binance-frame';
import { parseBinanceFrame } from './parse-binance-frame';

export interface ConnectionHandlers {
  onFrame(connection: BinanceConnection, frame: BinanceFrame): void;
  /** Called once when the connection ends by itself (never after `close()`). */
  onDead(connection: BinanceConnection, reason: string): void;
}

export type SocketFactory = (url: string) => WebSocket;

/** Binance sends pings every 20 s and wants the payload echoed; ws does exactly that with autoPong. */
export const defaultSocketFactory: SocketFactory = (url) =>
  new WebSocket(url, { autoPong: true, handshakeTimeout: 10_000, perMessageDeflate: false });

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

let nextConnectionId = 1;

/**
 * One WebSocket to the exchange, with a silence watchdog: when no message arrives for `silenceMs`
 * (from the start, so a connection that never delivers counts too) it is terminated and reported dead.
 * Ping frames do not count as messages: a server that only pings sends no market data.
 */
export class BinanceConnection {
  readonly id = nextConnectionId++;
  private readonly socket: WebSocket;
  private silenceTimer: NodeJS.Timeout | undefined;
  private ended = false;

  constructor(
    url: string,
    private readonly silenceMs: number,
    private readonly handlers: ConnectionHandlers,
    createSocket: SocketFactory = defaultSocketFactory,
  ) {
    this.socket = createSocket(url);
    this.socket.on('message', (data, isBinary) => {
      this.onMessage(data, isBinary);
    });
    this.socket.on('error', (error) => {
      this.die(`error:${error.message}`);
    });
    this.socket.on('close', (code) => {
      this.die(`closed:${code}`);
    });
    this.armWatchdog();
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Ends the connection on purpose: no `onDead`, no more frames. */
  close(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.silenceTimer);
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

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.ended) return;
    this.armWatchdog();
    const frame: BinanceFrame = isBinary
      ? { kind: 'rejected', reason: 'binary-frame', detail: `${textOf(data).length} bytes` }
      : parseBinanceFrame(textOf(data));
    this.handlers.onFrame(this, frame);
  }

  private armWatchdog(): void {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      this.die('silence');
    }, this.silenceMs);
  }

  private die(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.silenceTimer);
    this.socket.terminate();
    this.handlers.onDead(this, reason);
  }
}
