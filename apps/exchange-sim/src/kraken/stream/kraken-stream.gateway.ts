import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { type RawData, WebSocketServer } from 'ws';
import { cutSoon, dropsConnections, refuseDarkUpgrade } from '../../dark/dark-feed';
import { DarkMode } from '../../dark/dark-mode';
import { restrictedAnswer } from '../../dark/restricted-answer';
import { refuseUpgrade } from '../../dark/upgrade-refusal';
import { Clock } from '../../market/clock';
import { SimStatsService } from '../../stats/sim-stats.service';
import { LiveFeed } from '../../stream/live-feed';
import { rawText } from '../../stream/raw-text';
import type { JsonObject } from '../kraken-json';
import { KrakenMarket } from '../kraken-market';
import { rfc3339Micros } from '../kraken-time';
import { RecentTrades } from '../recent-trades';
import { KrakenConnection } from './kraken-connection';
import { HEARTBEAT_FRAME, ohlcFrame, statusFrame, tradeFrame } from './kraken-frames';
import { handleRequest, type Subscription } from './kraken-requests';

const V2_PATH = '/v2';
const HEARTBEAT_MS = 1000;
/** The trade channel's snapshot: the most recent 50 trades. */
const TRADE_SNAPSHOT = 50;

/**
 * Kraken's Spot WebSocket v2 server at /v2: `status` on connect, acknowledged subscriptions to
 * `trade` and `ohlc` with their snapshots, a heartbeat every second on subscribed connections, and
 * the dark modes and silences of the controls.
 */
@Injectable()
export class KrakenStreamGateway extends LiveFeed implements OnModuleDestroy {
  private readonly server = new WebSocketServer({ noServer: true, autoPong: false });
  private readonly connections = new Set<KrakenConnection>();
  private silencedUntil = Number.NEGATIVE_INFINITY;
  private heartbeatTimer?: NodeJS.Timeout;

  constructor(
    private readonly clock: Clock,
    private readonly stats: SimStatsService,
    private readonly dark: DarkMode,
    private readonly kraken: KrakenMarket,
    private readonly trades: RecentTrades,
  ) {
    super();
    dark.onChange((mode) => {
      if (dropsConnections(mode)) this.disconnectAll();
    });
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  attach(httpServer: Server): void {
    httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.upgrade(request, socket, head);
    });
    this.heartbeatTimer = setInterval(() => {
      this.publish(
        () => HEARTBEAT_FRAME,
        (connection) => connection.subscriptions.size > 0,
      );
    }, HEARTBEAT_MS);
  }

  onModuleDestroy(): void {
    clearInterval(this.heartbeatTimer);
    this.disconnectAll();
    this.server.close();
  }

  /** Sends `frame()` to every connection that `wants` it, unless the exchange is silent. */
  publish(frame: () => JsonObject, wants: (connection: KrakenConnection) => boolean): void {
    if (this.isSilenced()) return;
    let built: JsonObject | undefined;
    for (const connection of this.connections) {
      if (wants(connection)) connection.send((built ??= frame()));
    }
  }

  hasSubscribers(key: string): boolean {
    for (const connection of this.connections) if (connection.subscriptions.has(key)) return true;
    return false;
  }

  disconnectAll(): number {
    const count = this.connections.size;
    for (const connection of this.connections) connection.socket.terminate();
    this.connections.clear();
    return count;
  }

  silence(ms: number): number {
    this.silencedUntil = this.clock.now() + ms;
    return this.silencedUntil;
  }

  sendShutdownNotice(): undefined {
    return undefined;
  }

  sendMalformed(): undefined {
    return undefined;
  }

  private isSilenced(): boolean {
    return this.dark.silent || this.clock.now() < this.silencedUntil;
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => undefined);
    if (refuseDarkUpgrade(this.dark.mode, socket, restrictedAnswer('kraken'))) return;
    if (new URL(request.url ?? '/', 'http://sim').pathname !== V2_PATH) {
      refuseUpgrade(socket, 404);
      return;
    }
    this.stats.countConnection(true);
    this.server.handleUpgrade(request, socket, head, (opened) => {
      if (this.dark.mode === 'cut') cutSoon(opened);
      else this.open(new KrakenConnection(opened));
    });
  }

  private open(connection: KrakenConnection): void {
    const { socket } = connection;
    this.connections.add(connection);
    if (!this.isSilenced()) connection.send(statusFrame(randomBytes(8).readBigUInt64BE()));
    socket.on('message', (data: RawData) => {
      const timeIn = rfc3339Micros(this.clock.now());
      const timeOut = (): string => rfc3339Micros(this.clock.now());
      const outcome = handleRequest(rawText(data), {
        subscriptions: connection.subscriptions,
        timeIn,
        timeOut,
      });
      if (this.isSilenced()) return;
      for (const reply of outcome.replies) connection.send(reply);
      for (const subscription of outcome.snapshots) connection.send(this.snapshot(subscription));
    });
    socket.on('ping', (data: Buffer) => {
      if (!this.isSilenced() && connection.isOpen) socket.pong(data);
    });
    socket.on('close', () => this.connections.delete(connection));
    socket.on('error', () => undefined);
  }

  private snapshot(subscription: Subscription): JsonObject {
    if (subscription.channel === 'trade') return tradeFrame('snapshot', this.trades.after(0, TRADE_SNAPSHOT));
    return ohlcFrame('snapshot', this.kraken.latest(subscription.interval), this.clock.now());
  }
}
