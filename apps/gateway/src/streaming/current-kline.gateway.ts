import type { IncomingMessage } from 'node:http';
import { type OnGatewayConnection, WebSocketGateway } from '@nestjs/websockets';
import type { ServerOptions, WebSocket } from 'ws';
import { STREAM_ROUTES, WS_SERVER_OPTIONS } from './stream-request';
import { StreamSessions } from './stream-sessions';

const ROUTE = STREAM_ROUTES.currentKline;

/** WebSocket form of the HTTP operation on the same path: the open kline, then a Kline frame per update (at a rollover the closed one first). */
@WebSocketGateway<ServerOptions>({ path: ROUTE.path, ...WS_SERVER_OPTIONS })
export class CurrentKlineGateway implements OnGatewayConnection<WebSocket> {
  constructor(private readonly sessions: StreamSessions) {}

  handleConnection(socket: WebSocket, request: IncomingMessage): void {
    this.sessions.accept(ROUTE, socket, request);
  }
}
