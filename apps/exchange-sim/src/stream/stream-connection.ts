import type { WebSocket } from 'ws';
import type { ControlState } from './control-message';
import { combinedEnvelope } from './stream-payloads';

const RATE_WINDOW_MS = 1000;

/** One client of the stream server: its subscriptions, its framing and its heartbeat. */
export class StreamConnection implements ControlState {
  readonly subscriptions: Set<string>;
  lastPongAt: number;
  lastPingAt: number;
  /** Set once a serverShutdown notice is out: the connection closes when it fires. */
  shutdownTimer?: NodeJS.Timeout;
  /** Closes the connection at the end of its lifetime (SIM_CONNECTION_LIFETIME_MS). */
  lifetimeTimer?: NodeJS.Timeout;
  private readonly inbound: number[] = [];

  constructor(
    readonly socket: WebSocket,
    /** Combined connections wrap each event as `{"stream", "data"}` (Binance's `combined` property). */
    public combined: boolean,
    streams: readonly string[],
    now: number,
  ) {
    this.subscriptions = new Set(streams);
    this.lastPongAt = now;
    this.lastPingAt = now;
  }

  get isOpen(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  /** Sends an event of `stream` in this connection's framing (raw payload or combined envelope). */
  sendEvent(stream: string, data: object): void {
    this.sendText(JSON.stringify(this.combined ? combinedEnvelope(stream, data) : data));
  }

  sendText(text: string): void {
    if (this.isOpen) this.socket.send(text);
  }

  /**
   * Records one incoming frame (message, ping or pong) and says whether the client is still within
   * `perSecond` frames a second, Binance's limit beyond which it drops the connection (0: no limit).
   */
  withinRate(now: number, perSecond: number): boolean {
    if (perSecond === 0) return true;
    this.inbound.push(now);
    while (this.inbound.length > 0 && (this.inbound[0] ?? now) <= now - RATE_WINDOW_MS) this.inbound.shift();
    return this.inbound.length <= perSecond;
  }
}
