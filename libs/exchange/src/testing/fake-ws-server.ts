import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

/** A WebSocket server on a free local port, for a fake exchange server's `start`. */
export async function listenLocally(): Promise<WebSocketServer> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  return server;
}

/**
 * What the fake exchange servers share: the server, its open connections, sending to all of them,
 * cutting them, a wait for what clients did, and a stop. Each fake adds its exchange's frames.
 */
export abstract class FakeWsServer {
  protected readonly sockets = new Set<WebSocket>();

  protected constructor(protected readonly server: WebSocketServer) {
    server.on('connection', (socket, request) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      this.accepted(socket, request);
    });
  }

  protected get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Sends any text (malformed frames included) to every open connection. */
  broadcast(text: string): void {
    for (const socket of this.sockets) this.send(socket, text);
  }

  /** Kills every connection without a close handshake, like a network failure. */
  dropAll(): void {
    for (const socket of this.sockets) socket.terminate();
  }

  async stop(): Promise<void> {
    this.dropAll();
    await new Promise<void>((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
  }

  /** A new connection, already counted among the open ones. */
  protected abstract accepted(socket: WebSocket, request: IncomingMessage): void;

  protected send(socket: WebSocket, text: string): void {
    if (socket.readyState === WebSocket.OPEN) socket.send(text);
  }

  /** Resolves once `done` holds; what clients do reaches the fake on events a spec cannot await. */
  protected async waitUntil(done: () => boolean, shortOf: () => string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(shortOf());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
