import type { MarketSymbol } from '@pds/market';
import { ConnectionBudget } from '../connection-budget';
import type { LiveStreamTuning } from '../exchange-adapter';
import { EARLIEST_HISTORY_START_MS } from '../exchange-history-start';
import type { StreamCounters } from '../live-stream';
import { ReconnectBackoff } from '../reconnect-backoff';
import { serviceNow } from '../service-clock';
import { EventScreen } from './event-screen';
import { FrameRefusals, type RefusalCounts } from './frame-refusals';
import { LiveStreamBase } from './live-stream-base';
import {
  type FrameOrigin,
  OVERSIZE_DEATH,
  openStreamConnection,
  type SocketFactory,
  type StreamConnection,
} from './stream-connection';
import { StreamDelivery } from './stream-delivery';
import type { StreamFrame } from './stream-frame';
import type { StreamWireFormat } from './wire-format';

export interface ExchangeLiveStreamOptions extends LiveStreamTuning {
  readonly wsBaseUrl: string;
  readonly symbol: MarketSymbol;
  readonly wireFormat: StreamWireFormat;
  readonly createSocket?: SocketFactory;
  readonly now?: () => number;
  /** The exchange's history start (`EXCHANGE_HISTORY_START_MS`): earlier event times are refused. */
  readonly historyStartMs?: number;
}

type DataFrame = Extract<StreamFrame, { kind: 'trades' | 'klines' }>;

/**
 * One exchange's market stream of one symbol, kept alive, whatever the exchange's wire format:
 * - a dead connection (refused, answered with an HTTP error, cut, or silent for `silenceMs`) is
 *   reported `disconnected` and replaced after a jittered, capped exponential backoff; the first
 *   event on the new one ends an `interruption`;
 * - on a shutdown notice or at `maxConnectionAgeMs` a replacement is opened first
 *   (make-before-break); it takes over with its first data message and the old one is closed. Both
 *   carry the same events for a moment, so events are de-duplicated by the exchange's trade
 *   sequence and by kline event time;
 * - no new connection goes out beyond `connectionsPer5Minutes`, the exchange's limit per address,
 *   however often connections are cut: the next one waits for the budget;
 * - every decoded trade and kline push passes the checks of CONTRACT section 11 (`EventScreen`)
 *   before anything else sees it; refused ones are counted by reason, reported at most once a
 *   minute per reason (`refused`) and dropped, and never count as data (no promotion, no end of an
 *   outage, no newest time).
 */
export class ExchangeLiveStream extends LiveStreamBase {
  private readonly delivery = new StreamDelivery(this.listeners, () => this.now());
  private readonly refused: FrameRefusals;
  private readonly screen: EventScreen;
  private readonly backoff: ReconnectBackoff;
  private readonly budget: ConnectionBudget;
  private readonly url: string;
  private readonly now: () => number;
  private active: StreamConnection | undefined;
  private replacement: StreamConnection | undefined;
  private replacementReason = '';
  /** The connection whose age the max-age timer measures. */
  private agedConnection: StreamConnection | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ageTimer: NodeJS.Timeout | undefined;
  /** Set while no connection delivers: why the last one ended and what it delivered last. */
  private outage: { reason: string; lastEventTime: number | undefined } | undefined;
  private stopped = false;

  constructor(private readonly options: ExchangeLiveStreamOptions) {
    super();
    this.url = options.wireFormat.streamUrl(options.wsBaseUrl, options.symbol);
    this.now = options.now ?? serviceNow;
    this.backoff = new ReconnectBackoff({
      initialMs: options.reconnectInitialMs,
      maxMs: options.reconnectMaxMs,
      healthyAfterMs: options.healthyAfterMs,
    });
    this.budget = new ConnectionBudget(options.connectionsPer5Minutes);
    this.refused = new FrameRefusals((refusal) => {
      this.listeners.emit('refused', refusal);
    }, this.now);
    this.screen = new EventScreen(
      options.historyStartMs ?? EARLIEST_HISTORY_START_MS,
      this.refused,
      this.now,
    );
  }

  start(): void {
    this.active = this.connect();
  }

  counters(): StreamCounters {
    return this.delivery.counters();
  }

  refusals(): RefusalCounts {
    return this.refused.counts();
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

  private connect(): StreamConnection {
    this.budget.record(this.now());
    return openStreamConnection(this.url, this.options, {
      onFrame: (connection, frame, origin) => {
        this.onFrame(connection, frame, origin);
      },
      onDead: (connection, reason) => {
        this.onDead(connection, reason);
      },
    });
  }

  private onFrame(connection: StreamConnection, frame: StreamFrame, origin: FrameOrigin): void {
    if (this.stopped) return;
    if (origin === 'clock') {
      // Made by the service's clock, not sent: no sign of life; only the serving connection's count.
      if (connection === this.active && frame.kind === 'klines') this.onData(connection, frame, false);
      return;
    }
    this.delivery.frameReceived();
    // Not live before every subscription is acknowledged: it may never carry data.
    const live = connection === this.active && connection.isSubscribed;
    if (frame.kind === 'trades' || frame.kind === 'klines') {
      this.onData(connection, frame, live);
      return;
    }
    if (live) this.listeners.emit('alive', { time: this.now() });
    switch (frame.kind) {
      case 'shutdown':
        this.onShutdownNotice(connection);
        break;
      case 'unavailable':
        connection.fail(`unavailable:${frame.reason}`);
        break;
      case 'ack':
      case 'heartbeat':
        break;
      case 'errorReply':
        this.delivery.bump('errorReplies');
        break;
      case 'skipped':
        if (frame.skip === 'unexpected') {
          this.delivery.bump('unexpectedFrames');
          break;
        }
        this.delivery.bump('malformedFrames');
        this.refused.refuse(frame.refusal ?? 'malformed', frame.detail);
        break;
    }
  }

  /**
   * `live`: the frame came on the serving, subscribed connection. A data frame whose every event is
   * refused is no sign of life: an exchange that sends only refused values (times beyond the
   * service's clock) goes dark like a silent one, and a standby serves.
   */
  private onData(connection: StreamConnection, frame: DataFrame, live: boolean): void {
    const sent = frame.kind === 'trades' ? frame.trades.length : frame.klines.length;
    const trades = frame.kind === 'trades' ? this.screen.trades(frame.trades) : [];
    const klines = frame.kind === 'klines' ? this.screen.klines(frame.klines) : [];
    const first = trades[0] ?? klines[0];
    if (live && (sent === 0 || first !== undefined)) this.listeners.emit('alive', { time: this.now() });
    if (first === undefined) return;
    if (connection === this.replacement) this.promote(connection);
    if (connection !== this.active) return; // the old connection of a finished switch
    this.backoff.markUp(this.now());
    if (this.agedConnection !== connection) this.armMaxAge(connection);
    if (this.outage) {
      const { reason, lastEventTime } = this.outage;
      this.outage = undefined;
      this.delivery.bump('reconnects');
      this.listeners.emit('interruption', { reason, lastEventTime, firstEventTime: first.eventTime });
    }
    for (const trade of trades) this.delivery.trade(trade);
    for (const kline of klines) this.delivery.kline(kline);
  }

  private onShutdownNotice(connection: StreamConnection): void {
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

  private promote(connection: StreamConnection): void {
    const previous = this.active;
    this.active = connection;
    this.replacement = undefined;
    previous?.close();
    this.delivery.bump('switches');
    this.listeners.emit('switched', { reason: this.replacementReason });
  }

  private onDead(connection: StreamConnection, reason: string): void {
    if (this.stopped) return;
    if (reason === OVERSIZE_DEATH) this.refused.refuse('oversize', 'a message over 1 MiB');
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
    const lastEventTime = this.delivery.lastEventTime;
    this.outage ??= { reason, lastEventTime };
    this.listeners.emit('disconnected', { reason, lastEventTime });
    // A replacement already on its way takes over; its first event closes the outage.
    this.active = this.replacement;
    this.replacement = undefined;
    if (this.active) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (!this.stopped) this.active = this.connect();
    }, this.reconnectDelayMs());
  }

  /** Exchanges cut every connection at an age (Binance: 24 h); replace it before that. */
  private armMaxAge(connection: StreamConnection): void {
    this.agedConnection = connection;
    clearTimeout(this.ageTimer);
    this.ageTimer = setTimeout(() => {
      this.beginReplacement('max-age');
    }, this.options.maxConnectionAgeMs);
  }
}
