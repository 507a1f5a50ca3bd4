import type { Server } from 'node:http';
import type { MalformedKind } from './malformed-kind';

/**
 * The live feed of whichever exchange the process serves (Binance's streams or Kraken's WebSocket
 * v2), as the controls see it.
 */
export abstract class LiveFeed {
  abstract readonly connectionCount: number;
  abstract attach(httpServer: Server): void;
  /** Drops every connection at once, as a network failure would (no close handshake). */
  abstract disconnectAll(): number;
  /** Keeps every socket open but sends nothing at all for `ms`. */
  abstract silence(ms: number): number;
  /** Binance's `serverShutdown` notice; undefined on an exchange that has none. */
  abstract sendShutdownNotice(): number | undefined;
  /** One frame a client must skip; undefined on an exchange the sim has no such fault for. */
  abstract sendMalformed(kind: MalformedKind): number | undefined;
}
