import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { INestApplicationContext } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { AppLogger } from '@pds/observability';
import type { WebSocket, WebSocketServer } from 'ws';
import { ApiException } from '../errors/api-exception';
import { answerRawSocket, notFoundRefusal } from '../errors/raw-http-answer';
import type { WsMetrics } from './ws-metrics';

type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** Errors ws raises for a peer that broke the protocol (its receiver's codes all start so). */
function protocolErrorReason(error: Error): string {
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('WS_ERR_') ? code : 'socket';
}

function pathnameOf(request: IncomingMessage): string | undefined {
  try {
    return new URL(request.url ?? '/', 'http://gateway.invalid').pathname;
  } catch {
    return undefined;
  }
}

/**
 * Nest's WsAdapter with every client fault answered and kept out of the error log: an upgrade on a
 * path no stream serves gets an HTTP 404 in our shape (Nest destroys the socket with no answer), a
 * refused handshake a 400 in our shape (ws answers text/html), `CONNECT` a 404, and a peer's
 * protocol error (oversized, unmasked, bad opcode or UTF-8) is counted and logged at debug where
 * Nest logs it as an error. ws still closes such a socket with the close code the protocol names.
 */
export class GatewayWsAdapter extends WsAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly appLogger: AppLogger,
    private readonly metrics: WsMetrics,
  ) {
    super(app);
  }

  override bindErrorHandler(server: WebSocketServer): WebSocketServer {
    // One listener shared by every socket, not a closure each.
    const onError = (error: Error): void => {
      this.clientFault(protocolErrorReason(error), error);
    };
    server.on('connection', (socket: WebSocket) => {
      socket.on('error', onError);
    });
    server.on('wsClientError', (error: Error, socket: Duplex) => {
      this.clientFault('handshake', error);
      answerRawSocket(socket, ApiException.validation([`WebSocket handshake refused: ${error.message}`]));
    });
    server.on('error', (error) => {
      this.appLogger.error({ error: error.message }, 'websocket server error');
    });
    return server;
  }

  /**
   * No stream handles client frames (StreamSessions), so a socket gets none of Nest's per-client
   * message pipeline (two event observables, a Map and their subscribers for every socket).
   */
  override bindMessageHandlers(
    client: WebSocket,
    handlers: Parameters<WsAdapter['bindMessageHandlers']>[1],
    transform: Parameters<WsAdapter['bindMessageHandlers']>[2],
  ): void {
    if (handlers.length > 0) super.bindMessageHandlers(client, handlers, transform);
  }

  /**
   * No stream gateway handles Nest's disconnect event (StreamSessions hears each close with one
   * shared listener), so no socket gets Nest's `once('close')` wrapper and closure.
   */
  override bindClientDisconnect(): void {
    // Nothing to bind: see above.
  }

  protected override ensureHttpServerExists(port: number, httpServer?: Server): Server | undefined {
    if (!httpServer || this.httpServersRegistry.has(port))
      return super.ensureHttpServerExists(port, httpServer);
    const before = new Set(httpServer.listeners('upgrade'));
    const created = super.ensureHttpServerExists(port, httpServer);
    // Nest's own listener destroys unrouted upgrades; ours answers them (see the class comment).
    for (const listener of httpServer.listeners('upgrade')) {
      if (!before.has(listener)) httpServer.off('upgrade', listener as UpgradeListener);
    }
    httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.routeUpgrade(port, request, socket, head);
    });
    httpServer.on('connect', (_request: IncomingMessage, socket: Duplex) => {
      answerRawSocket(socket, notFoundRefusal());
    });
    return created;
  }

  private routeUpgrade(port: number, request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const pathname = pathnameOf(request);
    const servers = (this.wsServersRegistry.get(port) ?? []) as (WebSocketServer & { path: string })[];
    const server = servers.find((candidate) => candidate.path === pathname);
    if (!server) {
      answerRawSocket(socket, notFoundRefusal());
      return;
    }
    server.handleUpgrade(request, socket, head, (client) => server.emit('connection', client, request));
  }

  private clientFault(reason: string, error: Error): void {
    this.metrics.countProtocolError(reason);
    this.appLogger.debug({ reason, error: error.message }, 'websocket client protocol error');
  }
}
