import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import {
  type BeforeApplicationShutdown,
  Injectable,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { WebSocket } from 'ws';
import { ChangeSubscriber, type Unsubscribe } from '../changes/change-subscriber';
import { ApiException } from '../errors/api-exception';
import { answerRawSocket } from '../errors/raw-http-answer';
import { GatewayEnvironment } from '../gateway.environment';
import { CloseCode } from './frames';
import { ConnectionSlots } from './connection-slots';
import { SnapshotSync } from './snapshots';
import { StreamHub } from './stream-hub';
import { StreamSessions } from './stream-sessions';

/**
 * From now on every WebSocket upgrade on `server` is answered 503 before the handshake, instead of
 * being accepted and closed with 1001 at once. A load balancer then passes the upgrade to another
 * replica (nginx: `proxy_next_upstream http_503`), so a client that reconnects right after its 1001
 * lands on a replica that stays.
 */
export function refuseUpgrades(server: Server): void {
  const refusal = ApiException.serviceUnavailable('Server shutting down: connect again', 1);
  server.removeAllListeners('upgrade');
  server.on('upgrade', (_request, socket: Duplex) => {
    answerRawSocket(socket, refusal);
  });
}

/** How long shutdown waits for clients to answer the 1001 close before Nest terminates the rest. */
const CLOSE_GRACE_MS = 2000;

/**
 * What happens to all streams at once: heartbeats, the fresh snapshots after Redis comes back, and
 * the shutdown (new upgrades refused with 503, every socket closed with 1001 and every slot
 * released, before the Redis connections close in onApplicationShutdown).
 */
@Injectable()
export class StreamLifecycle implements OnModuleInit, OnModuleDestroy, BeforeApplicationShutdown {
  private heartbeat: NodeJS.Timeout | undefined;
  private stopResync: Unsubscribe = () => undefined;

  constructor(
    private readonly env: GatewayEnvironment,
    private readonly sessions: StreamSessions,
    private readonly slots: ConnectionSlots,
    private readonly hub: StreamHub,
    private readonly sync: SnapshotSync,
    private readonly changes: ChangeSubscriber,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    this.heartbeat = setInterval(() => {
      for (const connection of this.sessions.connections.values()) connection.heartbeat();
    }, this.env.WS_PING_INTERVAL_MS);
    this.heartbeat.unref();
    this.stopResync = this.changes.onResubscribed(() => {
      this.slots.renewNow();
      this.sync.resync(this.hub.connections());
    });
  }

  onModuleDestroy(): void {
    this.stop();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stop();
    refuseUpgrades(this.adapterHost.httpAdapter.getHttpServer() as Server);
    this.sessions.stopAccepting();
    const sockets = [...this.sessions.connections.values()].map((connection) => connection.socket);
    const closed = sockets
      .filter((socket) => socket.readyState !== WebSocket.CLOSED)
      .map((socket) => new Promise((resolve) => socket.once('close', resolve)));
    for (const connection of this.sessions.connections.values()) {
      connection.close(CloseCode.GoingAway, 'server shutting down');
    }
    await this.slots.releaseAll();
    await Promise.race([Promise.all(closed), delay(CLOSE_GRACE_MS, undefined, { ref: false })]);
    // What did not close within the grace is cut (ws tracks no clients here to do it at close).
    for (const socket of sockets) if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
  }

  private stop(): void {
    clearInterval(this.heartbeat);
    this.sessions.slowReaders.stop();
    this.stopResync();
  }
}
