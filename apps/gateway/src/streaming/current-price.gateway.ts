import type { IncomingMessage } from 'node:http';
import { type OnGatewayConnection, WebSocketGateway } from '@nestjs/websockets';
import type { ServerOptions, WebSocket } from 'ws';
import { STREAM_ROUTES, WS_SERVER_OPTIONS } from './stream-request';
import { StreamSessions } from './stream-sessions';

const ROUTE = STREAM_ROUTES.currentPrice;

/** WebSocket form of the HTTP operation on the same path: the latest price, then a Price frame per new last price. */
@WebSocketGateway<ServerOptions>({ path: ROUTE.path, ...WS_SERVER_OPTIONS })
export class CurrentPriceGateway implements OnGatewayConnection<WebSocket> {
  constructor(private readonly sessions: StreamSessions) {}

  handleConnection(socket: WebSocket, request: IncomingMessage): void {
    this.sessions.accept(ROUTE, socket, request);
  }
}
