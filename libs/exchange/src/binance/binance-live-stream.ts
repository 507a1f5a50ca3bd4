import { exchangeSymbol, type MarketSymbol } from '@pds/market';
import { ConnectionBudget } from '../connection-budget';
import type { LiveStreamTuning } from '../exchange-adapter';
import { Listeners } from '../listeners';
import type { LiveStream, LiveStreamEvents, StreamCounters } from '../live-stream';
import { ReconnectBackoff } from '../reconnect-backoff';
import { streamKlineOf, streamTradeOf } from './binance-events';
import type { BinanceFrame, RejectReason } from './binance-frame';
import { combinedStreamUrl } from './binance-stream-names';
import { EventDeduplicator } from './event-deduplicator';
import { type SocketFactory, BinanceConnection } from './binance-connection';

export interface BinanceLiveStreamOptions extends LiveStreamTuning {
  readonly wsBaseUrl: string;
  readonly symbol: MarketSymbol;
  readonly createSocket?: SocketFactory;
  readonly now?: () => number;
}

type DataFrame = Extract<BinanceFrame, { kind: 'trade' | 'kline' }>;

/** Well-formed frames this stream did not ask for; every other rejection is a malformed frame. */
const UNEXPECTED_REASONS: ReadonlySet<RejectReason> = new Set([
  'unknown-event',
  'unsupported-interval',
  'stream-mismatch',
]);
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Binance's combined market stream of one symbol, kept alive:
 * - a dead connection (closed, failed, or silent for `silenceMs`) is replaced after a jittered,
 *   capped exponential backoff; the first event on the new one ends an `interruption`;
 * - on `serverShutdown` or at `maxConnectionAgeMs` a replacement is opened first (make-before-break);
 *   it takes over with its first data message and the old one is closed. Both carry the same events
 *   for a moment, so events are de-duplicated by trade id and by kline event time;
 * - no new connection goes out beyond `connectionsPer5Minutes`, the exchange's limit per address,
 *   however often connections are cut: the next one waits for the budget.
 */
export class BinanceLiveStream implements LiveStream {
  private readonly listeners = new Listeners<LiveStreamEvents>();
  private readonly dedupe = new EventDeduplicator();
  private readonly backoff: ReconnectBackoff;
  private readonly budget: ConnectionBudget;
  private readonly count: Mutable<StreamCounters> = {
    framesReceived: 0,
    malformedFrames: 0,
    unexpectedFrames: 0,
    errorReplies: 0,
    duplicatesDropped: 0,
    reconnects: 0,
    switches: 0,
  };
  private readonly url: string;
  private readonly now: () => number;
  private active: BinanceConnection | undefined;
  private replacement: BinanceConnection | undefined;
  private replacementReason = '';
  /** The connection whose age the max-age timer measures. */
  private agedConnection: BinanceConnection | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ageTimer: NodeJS.Timeout | undefined;
  private lastEventTime: number | undefined;
  /** Set while no connection delivers: why the last one ended and what it delivered last. */
  private outage: { reason: string; lastEventTime: number | undefined } | undefined;
  private stopped = false;

  constructor(private readonly options: BinanceLiveStreamOptions) {
    this.url = combinedStreamUrl(options.wsBaseUrl, options.symbol);
    this.now = options.now ?? Date.now;
    this.backoff = new ReconnectBackoff({
      initialMs: options.reconnectInitialMs,
      maxMs: options.reconnectMaxMs,
      healthyAfterMs: options.healthyAfterMs,
    });
    this.budget = new ConnectionBudget(options.connectionsPer5Minutes);
  }

  start(): void {
    this.active = this.connect();
  }

  on<E extends keyof LiveStreamEvents>(
    event: E,
    listener: (payload: LiveStreamEvents[E]) => void,
  ): () => void {
    return this.listeners.on(event, listener);
  }

  counters(): StreamCounters {
    return { ...this.count };
  }

  close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.ageTimer);
    this.active?.close();
    this.replacement?.close();
    this.listeners.clear();
    return Promise.resolve();
  }

  private connect(): BinanceConnection {
    this.budget.record(this.now());
    return new BinanceConnection(
      this.url,
      this.options.silenceMs,
      {
        onFrame: (connection, frame) => {
          this.onFrame(connection, frame);
        },
        onDead: (c, r) => {
          this.onDead(c, r);
        },
      },
      this.options.createSocket,
    );
  }

  private onFrame(connection: BinanceConnection, frame: BinanceFrame): void {
    if (this.stopped) return;
    this.count.framesReceived += 1;
    if (connection === this.active) this.listeners.emit('alive', { time: this.now() });
    switch (frame.kind) {
      case 'trade':
      case 'kline':
        this.onData(connection, frame);
        break;
      case 'serverShutdown':
        this.onShutdownNotice(connection);
        break;
      case 'subscriptionResult':
        break;
      case 'aggTrade':
        this.bump('unexpectedFrames');
        break;
      case 'errorReply':
        this.bump('errorReplies');
        break;
      case 'rejected':
        this.bump(UNEXPECTED_REASONS.has(frame.reason) ? 'unexpectedFrames' : 'malformedFrames');
        break;
    }
  }

  private onData(connection: BinanceConnection, frame: DataFrame): void {
    if (connection === this.replacement) this.promote(connection);
    if (connection !== this.active) return; // the old connection of a finished switch
    if (frame.event.symbol !== exchangeSymbol(this.options.symbol)) {
      this.bump('unexpectedFrames');
      return;
    }
    const eventTime = frame.event.eventTime;
    this.backoff.markUp(this.now());
    if (this.agedConnection !== connection) this.armMaxAge(connection);
    if (this.outage) {
      const { reason, lastEventTime } = this.outage;
      this.outage = undefined;
      this.bump('reconnects');
      this.listeners.emit('interruption', { reason, lastEventTime, firstEventTime: eventTime });
    }
    this.lastEventTime = Math.max(this.lastEventTime ?? eventTime, eventTime);
    if (frame.kind === 'trade') {
      if (!this.dedupe.acceptTrade(frame.event.tradeId)) {
        this.bump('duplicatesDropped');
        return;
      }
      this.listeners.emit('trade', streamTradeOf(frame.event));
    } else {
      const { interval, openTime } = frame.event;
      if (!this.dedupe.acceptKline(interval, eventTime, openTime)) {
        this.bump('duplicatesDropped');
        return;
      }
      this.listeners.emit('kline', streamKlineOf(frame.event));
    }
  }

  private onShutdownNotice(connection: BinanceConnection): void {
    if (connection === this.active) {
      this.beginReplacement('server-shutdown');
      return;
    }
    if (connection === this.replacement) {
      // The replacement landed on a server that is going away too: try another one.
      connection.close();
      this.replacement = undefined;
      this.beginReplacement('server-shutdown');
    }
  }

  /** Make-before-break: the current connection keeps delivering until the new one does. */
  private beginReplacement(reason: string): void {
    if (this.stopped || this.replacement || !this.active) return;
    const wait = this.budget.waitMs(this.now());
    if (wait > 0) {
      clearTimeout(this.timer);
      this.timer = setTimeout(this.beginReplacement.bind(this, reason), wait);
      return;
    }
    this.replacementReason = reason;
    this.replacement = this.connect();
  }

  /** The reconnect delay: the backoff's, or longer while the connection budget is spent. */
  private reconnectDelayMs(): number {
    return Math.max(this.backoff.nextDelayMs(this.now()), this.budget.waitMs(this.now()));
  }

  private promote(connection: BinanceConnection): void {
    const previous = this.active;
    this.active = connection;
    this.replacement = undefined;
    previous?.close();
    this.bump('switches');
    this.listeners.emit('switched', { reason: this.replacementReason });
  }

  private onDead(connection: BinanceConnection, reason: string): void {
    if (this.stopped) return;
    if (connection === this.replacement) {
      this.replacement = undefined;
      const retry = (): void => {
        this.beginReplacement(this.replacementReason);
      };
      this.timer = setTimeout(retry, this.reconnectDelayMs());
      return;
    }
    if (connection !== this.active) return;
    clearTimeout(this.ageTimer);
    this.outage ??= { reason, lastEventTime: this.lastEventTime };
    this.listeners.emit('disconnected', { reason, lastEventTime: this.lastEventTime });
    // A replacement already on its way takes over; its first event closes the outage.
    this.active = this.replacement;
    this.replacement = undefined;
    if (this.active) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (!this.stopped) this.active = this.connect();
    }, this.reconnectDelayMs());
  }

  /** Binance cuts every connection at 24 h; replace it before that, from its first data on. */
  private armMaxAge(connection: BinanceConnection): void {
    this.agedConnection = connection;
    clearTimeout(this.ageTimer);
    this.ageTimer = setTimeout(() => {
      this.beginReplacement('max-age');
    }, this.options.maxConnectionAgeMs);
  }

  private bump(counter: keyof StreamCounters): void {
    this.count[counter] += 1;
    this.listeners.emit('counters', this.counters());
  }
}
