import type { ExchangeAdapter, LiveStream, StreamCounters, StreamInterruption } from '@pds/exchange';
import type { MarketSymbol } from '@pds/market';
import { MarketState } from '../market-state/market-state';
import type { WriteStep } from '../market-state/write-step';
import { SourceHealth } from './source-health';

/** What an exchange's feed reports to whoever runs it. Called inside the socket's handler: must not throw. */
export interface SourceListeners {
  step(source: ExchangeSource, step: WriteStep): void;
  interruption(source: ExchangeSource, interruption: StreamInterruption): void;
  disconnected(source: ExchangeSource, reason: string, lastEventTime: number | undefined): void;
  switched(source: ExchangeSource, reason: string): void;
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

  counters(): StreamCounters | undefined {
    return this.stream?.counters();
  }

  open(symbol: MarketSymbol, listeners: SourceListeners): void {
    const stream = this.adapter.openLiveStream(symbol);
    this.stream = stream;
    stream.on('alive', () => {
      this.health.message(Date.now());
    });
    stream.on('trade', (trade) => {
      this.seen.trades += 1;
      listeners.step(this, this.state.onTrade(trade));
    });
    stream.on('kline', (push) => {
      this.seen.klinePushes += 1;
      listeners.step(this, this.state.onKline(push));
    });
    stream.on('interruption', (interruption) => {
      listeners.interruption(this, interruption);
    });
    stream.on('disconnected', ({ reason, lastEventTime }) => {
      this.health.disconnected();
      listeners.disconnected(this, reason, lastEventTime);
    });
    stream.on('switched', ({ reason }) => {
      listeners.switched(this, reason);
    });
  }

  async close(): Promise<void> {
    await this.stream?.close();
  }
}
