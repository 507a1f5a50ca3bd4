import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { JsonLogger } from '@pds/observability';
import type { WebSocket } from 'ws';
import { Authenticator } from '../auth/authenticator.service';
import { toApiException } from '../errors/all-exceptions.filter';
import { ApiException } from '../errors/api-exception';
import { GatewayEnvironment } from '../gateway.environment';
import { WsMetrics } from '../metrics/ws-metrics';
import { type ClientRequest, readClientRequest } from './client-request';
import { CloseCode } from './close-codes';
import { ConnectionLeases } from './connection-lease.service';
import { FanOutService } from './fan-out.service';
import type { Lease } from './lease-book';
import { SlowReaders } from './slow-readers';
import { SnapshotReader } from './snapshot-reader';
import { type ConnectionContext, StreamConnection } from './stream-connection';
import { parseStreamRequest } from './stream-request';
import type { StreamRoute } from './stream-route';

/**
 * The life of every stream socket of this process. A socket is checked in the order of HTTP
 * (authentication, connection limit, validation); a failed check sends the error frame and closes
 * (4401, 4429, 4400; 1013 for a 503). Then it follows its channel, gets the snapshot, and is live.
 * No client frame is ever handled: ws itself closes one over 4 KiB with 1009, the rest are ignored.
 */
@Injectable()
export class StreamSessions {
  readonly connections = new Map<string, StreamConnection>();
  readonly slowReaders: SlowReaders;
  private readonly context: ConnectionContext;
  private accepting = true;

  constructor(
    private readonly env: GatewayEnvironment,
    private readonly logger: JsonLogger,
    private readonly authenticator: Authenticator,
    private readonly leases: ConnectionLeases,
    private readonly fanOut: FanOutService,
    private readonly snapshots: SnapshotReader,
    private readonly metrics: WsMetrics,
  ) {
    this.slowReaders = new SlowReaders(env.WS_SLOW_CLIENT_TIMEOUT_MS, (connection) => {
      this.logger.event('warn', 'ws-slow-reader', { route: connection.route.path, keyId: connection.keyId });
      connection.close(CloseCode.TryAgainLater, 'client too slow');
    });
    this.context = { highWaterBytes: env.WS_SLOW_CLIENT_BUFFER_BYTES, slowReaders: this.slowReaders };
    leases.onLost((lease) => {
      this.onLeaseLost(lease);
    });
  }

  /** Called by the route's gateway for each new socket (Nest does not await it). */
  accept(route: StreamRoute, socket: WebSocket, request: IncomingMessage): void {
    const tally = this.metrics.tallyOf(route);
    // The upgrade request's socket is the one ws speaks on: complete frames are written to it directly.
    const connection = new StreamConnection(randomUUID(), socket, request.socket, route, this.context, tally);
    this.connections.set(connection.id, connection);
    tally.open += 1;
    socket.once('close', (code: number) => {
      tally.open -= 1;
      this.onClose(connection, code);
    });
    socket.on('pong', () => {
      connection.unansweredPings = 0;
    });
    if (!this.accepting) {
      connection.close(CloseCode.GoingAway, 'server shutting down');
      return;
    }
    this.start(connection, readClientRequest(request, this.env.TRUST_PROXY)).catch((error: unknown) => {
      connection.reject(toApiException(error));
    });
  }

  /** New sockets are turned away with 1001 from now on (shutdown). */
  stopAccepting(): void {
    this.accepting = false;
  }

  private async start(connection: StreamConnection, client: ClientRequest): Promise<void> {
    const principal = await this.authenticator.authenticate(client.credentials, client.address);
    connection.keyId = principal.id;
    if (connection.isClosed()) return;
    const lease = await this.leases.acquire(principal, connection.route, connection.id);
    if (!connection.attach(lease)) {
      await this.leases.release(lease);
      return;
    }
    const request = parseStreamRequest(connection.route.kind, client.query);
    connection.follow(request);
    if (await this.snapshots.endsInPast(request)) {
      const snapshot = await this.snapshots.read(request);
      if (connection.isClosed()) return;
      this.logOpen(connection);
      connection.sendFinal(snapshot);
      return;
    }
    if (connection.isClosed()) return;
    // Follow the channel before reading the snapshot, so no update after the read is missed.
    const generation = connection.beginSync();
    this.fanOut.join(connection, request);
    const snapshot = await this.snapshots.read(request);
    if (connection.completeSync(snapshot, generation)) this.logOpen(connection);
  }

  private onClose(connection: StreamConnection, code: number): void {
    connection.markClosed();
    this.connections.delete(connection.id);
    this.fanOut.leave(connection);
    const lease = connection.lease;
    connection.lease = undefined;
    // Logged once the slot is free again, so the line also says a new connection may take it.
    void (lease ? this.leases.release(lease) : Promise.resolve()).then(() => {
      this.logger.info('ws-close', {
        route: connection.route.path,
        code: connection.sentCloseCode ?? code,
        keyId: connection.keyId,
        durationMs: Date.now() - connection.openedAt,
      });
    });
  }

  private onLeaseLost(lease: Lease): void {
    const connection = this.connections.get(lease.member);
    connection?.reject(
      ApiException.tooManyRequests(`WebSocket connection limit of ${lease.limit} per operation exceeded`, 1),
    );
  }

  private logOpen(connection: StreamConnection): void {
    this.logger.info('ws-open', { route: connection.route.path, keyId: connection.keyId });
  }
}
