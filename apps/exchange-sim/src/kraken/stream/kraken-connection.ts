import type { WebSocket } from 'ws';
import { type JsonObject, toJsonText } from '../kraken-json';

/** One client of Kraken's v2 server: its subscriptions (`trade`, `ohlc:<interval>`) and its socket. */
export class KrakenConnection {
  readonly subscriptions = new Set<string>();

  constructor(readonly socket: WebSocket) {}

  get isOpen(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  send(frame: JsonObject): void {
    if (this.isOpen) this.socket.send(toJsonText(frame));
  }
}
