import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import WebSocket, { type RawData, WebSocketServer } from 'ws';
import { eventually } from './poll';

/**
 * A WebSocket proxy between a client (the ingestor) and an exchange's stream (the simulator) that
 * relays every frame both ways and lets a test put a frame of its own into the client-bound
 * direction, as if the exchange had sent it. Written here rather than taken from a tool so a test
 * needs nothing but Node and `ws`.
 */
export interface FrameInjectingProxy {
  /** The proxy's base URL: use it in place of the exchange's WebSocket URL (the path is kept). */
  readonly url: string;
  /** Client connections whose exchange side is open. */
  readonly relaying: number;
  /**
   * Sends `frame` as one text frame (a string, or a buffer sent as text whatever its bytes) to every
   * relaying client connection, after the frames relayed so far; resolves with how many got it.
   */
  inject(frame: string | Buffer): Promise<number>;
  /** Resolves once at least one client connection is relaying (e.g. after the client reconnected). */
  untilRelaying(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Close codes a peer may send in a close frame (1005, 1006 and 1015 are never sent). */
function sendableCode(code: number): number | undefined {
  return (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999)
    ? code
    : undefined;
}

function endBoth(from: WebSocket, to: WebSocket, code: number): void {
  const sendable = sendableCode(code);
  if (sendable !== undefined && to.readyState === WebSocket.OPEN) to.close(sendable);
  else to.terminate();
  from.terminate();
}

/** Relays one client connection to its own connection to the exchange, frame by frame, both ways. */
function relay(client: WebSocket, targetUrl: string, relaying: Set<WebSocket>): void {
  const upstream = new WebSocket(targetUrl, { perMessageDeflate: false });
  const pending: { data: RawData; isBinary: boolean }[] = [];
  client.on('error', () => undefined);
  upstream.on('error', () => undefined);
  client.on('message', (data, isBinary) => {
    if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary: isBinary });
    else pending.push({ data, isBinary });
  });
  upstream.on('open', () => {
    for (const { data, isBinary } of pending.splice(0)) upstream.send(data, { binary: isBinary });
    if (client.readyState === WebSocket.OPEN) relaying.add(client);
  });
  upstream.on('message', (data, isBinary) => {
    if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
  });
  upstream.on('close', (code) => {
    relaying.delete(client);
    endBoth(upstream, client, code);
  });
  client.on('close', (code) => {
    relaying.delete(client);
    endBoth(client, upstream, code);
  });
}

export async function startFrameInjectingProxy(targetBaseUrl: string): Promise<FrameInjectingProxy> {
  const relaying = new Set<WebSocket>();
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  server.on('connection', (client: WebSocket, request: IncomingMessage) => {
    relay(client, `${targetBaseUrl}${request.url ?? '/'}`, relaying);
  });
  await once(server, 'listening');
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the proxy has no port');
  return {
    url: `ws://127.0.0.1:${address.port}`,
    get relaying() {
      return relaying.size;
    },
    inject: async (frame) => {
      const targets = [...relaying].filter((client) => client.readyState === WebSocket.OPEN);
      await Promise.all(
        targets.map(
          (client) =>
            new Promise<void>((resolve) => {
              client.send(frame, { binary: false }, () => {
                resolve();
              });
            }),
        ),
      );
      return targets.length;
    },
    untilRelaying: async (timeoutMs = 30_000) => {
      await eventually(
        () => Promise.resolve(relaying.size > 0 ? true : undefined),
        'a relaying connection',
        timeoutMs,
      );
    },
    close: async () => {
      for (const client of server.clients) client.terminate();
      server.close();
      await once(server, 'close');
    },
  };
}
