import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { FeedMode } from './dark-mode';
import type { RestrictedAnswer } from './restricted-answer';
import { refuseUpgrade } from './upgrade-refusal';

/** In mode `cut` a new connection lives this long, then is terminated before any market data. */
export const CUT_AFTER_MS = 200;

/** The modes in which no connection may stay open. */
export function dropsConnections(mode: FeedMode): boolean {
  return mode === 'refuse' || mode === '451' || mode === 'cut';
}

/**
 * Handles a WebSocket upgrade the dark mode refuses: `refuse` destroys the socket (no HTTP answer, as a
 * dropped TCP connection looks), `451` answers the restricted-location response. True when it did.
 */
export function refuseDarkUpgrade(mode: FeedMode, socket: Duplex, answer: RestrictedAnswer): boolean {
  if (mode === 'refuse') {
    socket.destroy();
    return true;
  }
  if (mode === '451') {
    refuseUpgrade(socket, answer.status, answer.body, answer.contentType);
    return true;
  }
  return false;
}

/** Mode `cut`: the connection opened, and is dropped (no close handshake) a moment later. */
export function cutSoon(socket: WebSocket): void {
  socket.on('error', () => undefined);
  setTimeout(() => {
    socket.terminate();
  }, CUT_AFTER_MS).unref();
}
