import {
  type ExchangeAdapter,
  type FrameRefusal,
  type LiveStream,
  OVERSIZE_DEATH,
  type RefusalCounts,
  type StreamCounters,
  type StreamInterruption,
} from '@pds/exchange';
import { addDecimals, type MarketSymbol } from '@pds/market';
import { MarketState } from '../market-state/market-state';
import type { WriteStep } from '../market-state/write-step';
import { SourceHealth } from './source-health';

/** What an exchange's feed reports to whoever runs it. Called inside the socket's handler: must not throw. */
export interface SourceListeners {
  step(source: ExchangeSource, step: WriteStep): void;
  interruption(source: ExchangeSource, interruption: StreamInterruption): void;
  disconnected(source: ExchangeSource, reason: string, lastEventTime: number | undefined): void;
  switched(source: ExchangeSource, reason: string): void;
  /** A refused value or frame (at most once a minute per reason): for the warn log line. */
  refused(source: ExchangeSource, refusal: FrameRefusal): void;
  /** An event the in-memory market could not take (a bug, never a frame's fault): for the log. */
  failed(source: ExchangeSource, error: unknown): void;
}

export interface SourceCounts {
  readonly trades: number;
  readonly klinePushes: number;
}

/**
 * One configured exchange as the ingestor follows it: its self-healing live stream, its own
 * in-memory market (never mixed with another exchange's) and the health the failover judges it by.
 */
export class ExchangeSource {
  readonly state = new MarketState();
  readonly health: SourceHealth;
  private stream: LiveStream | undefined;
  private readonly seen = { trades: 0, klinePushes: 0 };
  private volume = '0';

  constructor(
    private readonly adapter: ExchangeAdapter,
    darkAfterMs: number,
    startedAt: number,
  ) {
    this.health = new SourceHealth(darkAfterMs, startedAt);
  }

  get name(): string {
    return this.adapter.name;
  }

  get counts(): SourceCounts {
    return { ...this.seen };
  }

  /** The quantity of every trade since the process started, exactly (the index's volume reads its growth). */
  get tradedVolume(): string {
    return this.volume;
  }

  counters(): StreamCounters | undefined {
    return this.stream?.counters();
  }

  /** Values and frames of this exchange refused so far, by reason. */
  refusals(): RefusalCounts | undefined {
    return this.stream?.refusals();
  }

  open(symbol: MarketSymbol, listeners: SourceListeners): void {
    const stream = this.adapter.openLiveStream(symbol);
    this.stream = stream;
    stream.on('alive', () => {
      this.health.message(Date.now());
    });
    // These run inside the socket's message handler: nothing may escape them.
    stream.on('trade', (trade) => {
      this.seen.trades += 1;
      this.guarded(listeners, () => {
        const step = this.state.onTrade(trade);
        this.volume = addDecimals(this.volume, trade.quantity);
        return step;
      });
    });
    stream.on('kline', (push) => {
      this.seen.klinePushes += 1;
      this.guarded(listeners, () => this.state.onKline(push));
    });
    stream.on('refused', (refusal) => {
      listeners.refused(this, refusal);
    });
    stream.on('interruption', (interruption) => {
      listeners.interruption(this, interruption);
    });
    stream.on('disconnected', ({ reason, lastEventTime }) => {
      // A connection ended over one message too large is one refused frame, not the exchange gone:
      // it reconnects at once, and a feed that delivers nothing else goes dark by its silence.
      if (reason !== OVERSIZE_DEATH) this.health.disconnected();
      listeners.disconnected(this, reason, lastEventTime);
    });
    stream.on('switched', ({ reason }) => {
      listeners.switched(this, reason);
    });
  }

  /** A minute of the service's clock passed: klines whose slot ended with no event roll over by time. */
  clockPassed(listeners: SourceListeners): void {
    this.guarded(listeners, () => this.state.onClock());
  }

  private guarded(listeners: SourceListeners, apply: () => WriteStep | undefined): void {
    let step: WriteStep | undefined;
    try {
      step = apply();
    } catch (error) {
      listeners.failed(this, error);
      return;
    }
    if (step) listeners.step(this, step);
  }

  async close(): Promise<void> {
    await this.stream?.close();
  }
}
