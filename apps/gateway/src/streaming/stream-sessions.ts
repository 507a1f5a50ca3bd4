import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { WebSocket } from 'ws';
import { AppLogger } from '@pds/observability';
import { Authenticator } from '../keys';
import { overdueAnswer, RequestDeadline } from '../deadline/request-deadline';
import { toApiException } from '../errors/all-exceptions.filter';
import { tooManyConnections } from '../errors/too-many-requests';
import { GatewayEnvironment } from '../gateway.environment';
import { proxyTrust } from '../proxy-trust';
import { CloseCode } from './frames';
import { ConnectionSlots } from './connection-slots';
import type { Slot } from './slot-book';
import { SlowReaders } from './slow-readers';
import { SnapshotReader } from './snapshots';
import { StreamHub } from './stream-hub';
import {
  type ClientRequest,
  parseStreamRequest,
  readClientRequest,
  type StreamRoute,
} from './stream-request';
import { type ConnectionContext, StreamSocket } from './stream-socket';
import { countClose, WsMetrics } from './ws-metrics';

const CONNECTION = Symbol('stream connection');

/** A socket with its connection on it, so that shared listeners find it. */
type OwnedSocket = WebSocket & { [CONNECTION]?: StreamSocket };

function onPong(this: WebSocket): void {
  const connection = (this as OwnedSocket)[CONNECTION];
  if (connection) connection.unansweredPings = 0;
}

/**
 * The life of every stream socket of this process. A socket is checked in the order of HTTP
 * (authentication, connection limit, validation); a failed check sends the error frame and closes
 * (4401, 4429, 4400; 1013 for a 503). Then it follows its channel, gets the snapshot, and is live.
 * No client frame is ever handled: ws itself closes one over 4 KiB with 1009, the rest are ignored.
 */
@Injectable()
export class StreamSessions {
  readonly connections = new Map<string, StreamSocket>();
  readonly slowReaders: SlowReaders;
  private readonly context: ConnectionContext;
  private accepting = true;
  /** One close listener for every socket (not a closure each): the socket leads to its connection. */
  private readonly onSocketClose: (this: WebSocket, code: number) => void;

  constructor(
    private readonly env: GatewayEnvironment,
    private readonly logger: AppLogger,
    private readonly authenticator: Authenticator,
    private readonly slots: ConnectionSlots,
    private readonly hub: StreamHub,
    private readonly snapshots: SnapshotReader,
    private readonly metrics: WsMetrics,
  ) {
    this.slowReaders = new SlowReaders(env.WS_SLOW_CLIENT_TIMEOUT_MS, (connection) => {
      this.logger.warn({ route: connection.route.path, keyId: connection.keyId }, 'ws-slow-reader');
      connection.close(CloseCode.TryAgainLater, 'client too slow');
    });
    const onClose = (connection: StreamSocket, code: number): void => {
      this.onClose(connection, code);
    };
    this.onSocketClose = function (this: WebSocket, code: number) {
      const connection = (this as OwnedSocket)[CONNECTION];
      if (connection) onClose(connection, code);
    };
    this.context = { highWaterBytes: env.WS_SLOW_CLIENT_BUFFER_BYTES, slowReaders: this.slowReaders };
    slots.onLost((slot) => {
      this.onSlotLost(slot);
    });
  }

  /** Called by the route's gateway for each new socket (Nest does not await it). */
  accept(route: StreamRoute, socket: WebSocket, request: IncomingMessage): void {
    const tally = this.metrics.tallyOf(route);
    // The upgrade request's socket is the one ws speaks on: complete frames are written to it directly.
    const connection = new StreamSocket(randomUUID(), socket, request.socket, route, this.context, tally);
    this.connections.set(connection.id, connection);
    tally.open += 1;
    (socket as OwnedSocket)[CONNECTION] = connection;
    // `on`, not `once`: a socket closes once, and once would wrap the shared listener per socket.
    socket.on('close', this.onSocketClose);
    socket.on('pong', onPong);
    if (!this.accepting) {
      connection.close(CloseCode.GoingAway, 'server shutting down');
      return;
    }
    const client = readClientRequest(request, proxyTrust(this.env));
    // Past its deadline the admission is refused (1013); start() then finds the socket closed.
    const deadline = new RequestDeadline(this.env.REQUEST_DEADLINE_MS, 0, () => {
      connection.reject(overdueAnswer());
    });
    void this.start(connection, client, deadline)
      .catch((error: unknown) => {
        connection.reject(toApiException(error));
      })
      .finally(() => {
        deadline.settle();
      });
  }

  /** New sockets are turned away with 1001 from now on (shutdown). */
  stopAccepting(): void {
    this.accepting = false;
  }

  private async start(
    connection: StreamSocket,
    client: ClientRequest,
    deadline: RequestDeadline,
  ): Promise<void> {
    const principal = await this.authenticator.authenticate(client.credentials, { ip: client.address });
    connection.keyId = principal.id;
    if (connection.isClosed()) return;
    const slot = await this.slots.acquire(principal, connection.route, connection.id);
    if (!connection.attach(slot)) {
      await this.slots.release(slot);
      return;
    }
    const request = parseStreamRequest(connection.route.kind, client.query);
    connection.follow(request);
    if (await this.snapshots.endsInPast(request)) {
      const snapshot = await this.snapshots.read(request, deadline);
      if (connection.isClosed()) return;
      this.logOpen(connection);
      connection.sendFinal(snapshot);
      return;
    }
    if (connection.isClosed()) return;
    // Follow the channel before reading the snapshot, so no update after the read is missed.
    const generation = connection.beginSync();
    this.hub.join(connection, request);
    const snapshot = await this.snapshots.read(request, deadline);
    if (connection.completeSync(snapshot, generation)) this.logOpen(connection);
  }

  private onClose(connection: StreamSocket, code: number): void {
    const tally = this.metrics.tallyOf(connection.route);
    tally.open -= 1;
    countClose(tally, connection.sentCloseCode ?? code);
    connection.markClosed();
    this.connections.delete(connection.id);
    this.hub.leave(connection);
    const slot = connection.slot;
    connection.slot = undefined;
    // Logged once the slot is free again, so the line also says a new connection may take it.
    void (slot ? this.slots.release(slot) : Promise.resolve()).then(() => {
      this.logger.info(
        {
          route: connection.route.path,
          code: connection.sentCloseCode ?? code,
          keyId: connection.keyId,
          durationMs: Date.now() - connection.openedAt,
        },
        'ws-close',
      );
    });
  }

  private onSlotLost(slot: Slot): void {
    const connection = this.connections.get(slot.member);
    connection?.reject(tooManyConnections(slot.limit));
  }

  private logOpen(connection: StreamSocket): void {
    this.logger.info({ route: connection.route.path, keyId: connection.keyId }, 'ws-open');
  }
}
