import {
  type BeforeApplicationShutdown,
  Injectable,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { GatewayEnvironment } from '../gateway.environment';
import { ChangeSubscriber, type Unsubscribe } from '../storage/change-subscriber';
import { CloseCode } from './close-codes';
import { ConnectionLeases } from './connection-lease.service';
import { FanOutService } from './fan-out.service';
import { refuseUpgrades } from './refuse-upgrades';
import { SnapshotSync } from './snapshot-sync.service';
import { StreamSessions } from './stream-sessions.service';

/** How long shutdown waits for clients to answer the 1001 close before Nest terminates the rest. */
const CLOSE_GRACE_MS = 2000;

/**
 * What happens to all streams at once: heartbeats, the fresh snapshots after Redis comes back, and
 * the shutdown (new upgrades refused with 503, every socket closed with 1001 and every lease
 * released, before the Redis connections close in onApplicationShutdown).
 */
@Injectable()
export class StreamLifecycle implements OnModuleInit, OnModuleDestroy, BeforeApplicationShutdown {
  private heartbeat: NodeJS.Timeout | undefined;
  private stopResync: Unsubscribe = () => undefined;

  constructor(
    private readonly env: GatewayEnvironment,
    private readonly sessions: StreamSessions,
    private readonly leases: ConnectionLeases,
    private readonly fanOut: FanOutService,
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
      this.leases.renewNow();
      this.sync.resync(this.fanOut.connections());
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
    await this.leases.releaseAll();
    await Promise.race([Promise.all(closed), delay(CLOSE_GRACE_MS, undefined, { ref: false })]);
  }

  private stop(): void {
    clearInterval(this.heartbeat);
    this.sessions.slowReaders.stop();
    this.stopResync();
  }
}
