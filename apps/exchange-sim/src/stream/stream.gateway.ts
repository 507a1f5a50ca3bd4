import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { cutSoon, dropsConnections, refuseDarkUpgrade } from '../dark/dark-feed';
import { DarkMode, type FeedMode } from '../dark/dark-mode';
import { restrictedAnswer } from '../dark/restricted-answer';
import { refuseUpgrade } from '../dark/upgrade-refusal';
import { SimStatsService } from '../stats/sim-stats.service';
import { Clock } from '../market/clock';
import { SimEnvironment } from '../sim.environment';
import { ConnectionRate } from './connection-rate';
import { handleControlMessage, TOO_MANY_STREAMS } from './control-message';
import { LiveFeed } from './live-feed';
import type { MalformedKind } from './malformed-kind';
import { rawText } from './raw-text';
import { StreamConnection } from './stream-connection';
import { parseStreamRequest } from './stream-path';
import { SERVER_SHUTDOWN_STREAM, serverShutdownPayload } from './stream-payloads';

const CLOSE_POLICY_VIOLATION = 1008;
const CLOSE_GOING_AWAY = 1001;
const CONNECTION_RATE_WINDOW_MS = 5 * 60_000;
const TOO_MANY_REQUESTS = 429;

/**
 * Binance's stream server on the HTTP server's port: accepts /ws and /stream upgrades, answers live
 * subscription requests, fans events out to subscribers, pings and drops silent clients, and takes
 * the fault injections of /sim (disconnect, silence, shutdown notice, malformed frames).
 */
@Injectable()
export class StreamGateway extends LiveFeed implements OnModuleDestroy {
  // Pongs are ours to send, so that a silent exchange answers nothing at all.
  private readonly server = new WebSocketServer({ noServer: true, autoPong: false });
  private readonly connections = new Set<StreamConnection>();
  private silencedUntil = Number.NEGATIVE_INFINITY;
  private heartbeatTimer?: NodeJS.Timeout;
  private readonly connectionRate: ConnectionRate;

  constructor(
    private readonly env: SimEnvironment,
    private readonly clock: Clock,
    private readonly stats: SimStatsService,
    private readonly dark: DarkMode,
  ) {
    super();
    this.connectionRate = new ConnectionRate(env.SIM_WS_CONNECTIONS_PER_5_MINUTES, CONNECTION_RATE_WINDOW_MS);
    dark.onChange((mode, previous) => {
      this.followDarkMode(mode, previous);
    });
  }

  attach(httpServer: Server): void {
    httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.upgrade(request, socket, head);
    });
    const period = Math.max(10, Math.min(this.env.SIM_PING_INTERVAL_MS, this.env.SIM_PONG_TIMEOUT_MS, 1000));
    this.heartbeatTimer = setInterval(() => {
      this.heartbeat();
    }, period);
  }

  onModuleDestroy(): void {
    clearInterval(this.heartbeatTimer);
    this.disconnectAll();
    this.server.close();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  hasSubscribers(stream: string): boolean {
    for (const connection of this.connections) if (connection.subscriptions.has(stream)) return true;
    return false;
  }

  /** Sends an event of `stream` to each subscriber, unless the server is silenced. */
  publish(stream: string, data: object): void {
    if (this.isSilenced()) return;
    for (const connection of this.connections) {
      if (connection.subscriptions.has(stream)) connection.sendEvent(stream, data);
    }
  }

  /** Keeps every socket open but sends nothing at all (events, replies, pings) for `ms`. */
  silence(ms: number): number {
    this.silencedUntil = this.clock.now() + ms;
    return this.silencedUntil;
  }

  /** Drops every connection at once, as a network failure would (no close handshake). */
  disconnectAll(): number {
    const count = this.connections.size;
    for (const connection of this.connections) {
      clearTimeout(connection.shutdownTimer);
      clearTimeout(connection.lifetimeTimer);
      connection.socket.terminate();
    }
    this.connections.clear();
    return count;
  }

  /** Sends serverShutdown on every connection and closes each one SIM_SHUTDOWN_GRACE_MS later. */
  sendShutdownNotice(): number {
    if (this.isSilenced()) return 0;
    const payload = serverShutdownPayload(this.clock.now());
    for (const connection of this.connections) {
      connection.sendEvent(SERVER_SHUTDOWN_STREAM, payload);
      clearTimeout(connection.shutdownTimer);
      connection.shutdownTimer = setTimeout(() => {
        connection.socket.close(CLOSE_GOING_AWAY, 'Server shutdown');
      }, this.env.SIM_SHUTDOWN_GRACE_MS);
    }
    return this.connections.size;
  }

  /** One frame a client must skip: broken JSON, an event type it does not know, or a binary frame. */
  sendMalformed(kind: MalformedKind): number {
    if (this.isSilenced()) return 0;
    for (const connection of this.connections) {
      if (kind === 'binary') connection.socket.send(Buffer.from([0xde, 0xad, 0xbe, 0xef]), { binary: true });
      else if (kind === 'unknown-event')
        connection.sendEvent('btcusdt@mystery', { e: 'mystery', E: this.clock.now() });
      else connection.sendText('{"e":"trade","E":');
    }
    return this.connections.size;
  }

  private isSilenced(): boolean {
    return this.dark.silent || this.clock.now() < this.silencedUntil;
  }

  /** Dark modes that allow no open connection drop them all; after a silence nothing is owed. */
  private followDarkMode(mode: FeedMode, previous: FeedMode): void {
    if (dropsConnections(mode)) this.disconnectAll();
    if (previous === 'silent') this.silencedUntil = Math.max(this.silencedUntil, this.clock.now());
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => undefined);
    if (refuseDarkUpgrade(this.dark.mode, socket, restrictedAnswer(this.env.SIM_EXCHANGE))) return;
    const parsed = parseStreamRequest(request.url ?? '/');
    if (parsed.kind === 'refused') {
      refuseUpgrade(socket, parsed.status);
      return;
    }
    const admitted = this.connectionRate.admit(request.socket.remoteAddress ?? '', this.clock.now());
    this.stats.countConnection(admitted);
    if (!admitted) {
      refuseUpgrade(socket, TOO_MANY_REQUESTS);
      return;
    }
    this.server.handleUpgrade(request, socket, head, (socketOpened) => {
      if (this.dark.mode === 'cut') cutSoon(socketOpened);
      else this.open(new StreamConnection(socketOpened, parsed.combined, parsed.streams, this.clock.now()));
    });
  }

  private open(connection: StreamConnection): void {
    const socket: WebSocket = connection.socket;
    this.connections.add(connection);
    // Binance cuts every connection at the end of its lifetime (24 h), whatever it is doing.
    connection.lifetimeTimer = setTimeout(() => {
      connection.socket.close(CLOSE_GOING_AWAY, 'Connection lifetime exceeded');
    }, this.env.SIM_CONNECTION_LIFETIME_MS);
    const inbound = (): boolean => {
      if (connection.withinRate(this.clock.now(), this.env.SIM_WS_MESSAGES_PER_SECOND)) return true;
      socket.close(CLOSE_POLICY_VIOLATION, 'Too many messages');
      return false;
    };
    socket.on('message', (data: RawData) => {
      if (!inbound()) return;
      const reply = handleControlMessage(rawText(data), connection);
      if (reply === TOO_MANY_STREAMS) socket.close(CLOSE_POLICY_VIOLATION, 'Too many streams');
      else if (!this.isSilenced()) connection.sendText(JSON.stringify(reply));
    });
    socket.on('ping', (data: Buffer) => {
      if (inbound() && !this.isSilenced() && connection.isOpen) socket.pong(data);
    });
    socket.on('pong', () => {
      connection.lastPongAt = this.clock.now();
      inbound();
    });
    socket.on('close', () => {
      clearTimeout(connection.shutdownTimer);
      clearTimeout(connection.lifetimeTimer);
      this.connections.delete(connection);
    });
    socket.on('error', () => undefined);
  }

  /**
   * Pings each connection every SIM_PING_INTERVAL_MS and drops it when no pong came for
   * SIM_PONG_TIMEOUT_MS. A silence counts as neither: no pings go out, so no pongs are owed.
   */
  private heartbeat(): void {
    const now = this.clock.now();
    if (this.isSilenced()) return;
    for (const connection of this.connections) {
      const lastPong = Math.max(connection.lastPongAt, this.silencedUntil);
      if (now - lastPong > this.env.SIM_PONG_TIMEOUT_MS) {
        this.connections.delete(connection);
        connection.socket.terminate();
      } else if (now - Math.max(connection.lastPingAt, this.silencedUntil) >= this.env.SIM_PING_INTERVAL_MS) {
        connection.lastPingAt = now;
        if (connection.isOpen) connection.socket.ping();
      }
    }
  }
}
