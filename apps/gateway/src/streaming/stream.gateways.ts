import type { IncomingMessage } from 'node:http';
import { type OnGatewayConnection, WebSocketGateway } from '@nestjs/websockets';
import type { ServerOptions, WebSocket } from 'ws';
import { STREAM_ROUTES, WS_SERVER_OPTIONS } from './stream-request';
import { StreamSessions } from './stream-sessions';

/*
 * The WebSocket form of each HTTP operation, on the same path: one gateway per path, because Nest
 * binds a gateway to one path; every connection goes to StreamSessions with its route.
 */

/** The latest price, then a Price frame per new last price. */
@WebSocketGateway<ServerOptions>({ path: STREAM_ROUTES.currentPrice.path, ...WS_SERVER_OPTIONS })
export class CurrentPriceGateway implements OnGatewayConnection<WebSocket> {
  constructor(private readonly sessions: StreamSessions) {}

  handleConnection(socket: WebSocket, request: IncomingMessage): void {
    this.sessions.accept(STREAM_ROUTES.currentPrice, socket, request);
  }
}

/** The klines of the query, then deltas of the klines that changed in its range. */
@WebSocketGateway<ServerOptions>({ path: STREAM_ROUTES.klines.path, ...WS_SERVER_OPTIONS })
export class KlinesGateway implements OnGatewayConnection<WebSocket> {
  constructor(private readonly sessions: StreamSessions) {}

  handleConnection(socket: WebSocket, request: IncomingMessage): void {
    this.sessions.accept(STREAM_ROUTES.klines, socket, request);
  }
}

/** The open kline, then a Kline frame per update (at a rollover the closed one first). */
@WebSocketGateway<ServerOptions>({ path: STREAM_ROUTES.currentKline.path, ...WS_SERVER_OPTIONS })
export class CurrentKlineGateway implements OnGatewayConnection<WebSocket> {
  constructor(private readonly sessions: StreamSessions) {}

  handleConnection(socket: WebSocket, request: IncomingMessage): void {
    this.sessions.accept(STREAM_ROUTES.currentKline, socket, request);
  }
}

/** The index's newest second, then one frame per second (docs/index.md). */
@WebSocketGateway<ServerOptions>({ path: STREAM_ROUTES.index.path, ...WS_SERVER_OPTIONS })
export class IndexGateway implements OnGatewayConnection<WebSocket> {
  constructor(private readonly sessions: StreamSessions) {}

  handleConnection(socket: WebSocket, request: IncomingMessage): void {
    this.sessions.accept(STREAM_ROUTES.index, socket, request);
  }
}

/** The index's klines of the query, then deltas of those that changed in its range. */
@WebSocketGateway<ServerOptions>({ path: STREAM_ROUTES.indexKlines.path, ...WS_SERVER_OPTIONS })
export class IndexKlinesGateway implements OnGatewayConnection<WebSocket> {
  constructor(private readonly sessions: StreamSessions) {}

  handleConnection(socket: WebSocket, request: IncomingMessage): void {
    this.sessions.accept(STREAM_ROUTES.indexKlines, socket, request);
  }
}
