import type { ExchangeAdapter } from '@pds/exchange';
import { type ExchangeStatus, exchangeStatusJson } from '@pds/redis';
import type { WriteStep } from '../market-state/write-step';
import { ExchangeSource } from './exchange-source';

export interface SourceTiming {
  /** A feed that delivered nothing for this long is dark (CONTRACT section 11: 10 s). */
  readonly darkAfterMs: number;
}

/**
 * The configured exchanges, best first (the primary, then the standbys in order), and which one
 * serves now. The one place that says what the leader writes on a take-over or after failed writes.
 */
export class MarketSources {
  readonly all: readonly ExchangeSource[];
  private serving: ExchangeSource;

  constructor(adapters: readonly ExchangeAdapter[], timing: SourceTiming, startedAt = Date.now()) {
    this.all = adapters.map((adapter) => new ExchangeSource(adapter, timing.darkAfterMs, startedAt));
    const primary = this.all[0];
    if (!primary) throw new Error('no exchange configured');
    this.serving = primary;
  }

  get primary(): ExchangeSource {
    return this.all[0] ?? this.serving;
  }

  get active(): ExchangeSource {
    return this.serving;
  }

  get names(): readonly string[] {
    return this.all.map((source) => source.name);
  }

  byName(name: string): ExchangeSource {
    const source = this.all.find((candidate) => candidate.name === name);
    if (!source) throw new Error(`unknown exchange ${name}`);
    return source;
  }

  activate(name: string): void {
    this.serving = this.byName(name);
  }

  status(now: number): ExchangeStatus {
    // Live only once it has delivered: a feed still connecting is not something to serve from.
    const exchanges = Object.fromEntries(
      this.all.map((source) => [source.name, source.health.isLive(now) ? 'live' : 'dark'] as const),
    );
    return { source: this.serving.name, primary: this.primary.name, exchanges };
  }

  statusJson(now: number): string {
    return exchangeStatusJson(this.status(now));
  }

  /**
   * Everything the serving exchange knows, with the status. A standby gives its open klines and
   * price only: the closed history it would overwrite is the primary's, and what closes while a
   * standby serves is replaced from the primary's history once it is back.
   */
  snapshot(now = Date.now()): WriteStep | undefined {
    const withClosed = this.serving === this.primary;
    const step = this.serving.state.snapshot({ withClosed });
    return step && { ...step, status: this.statusJson(now), exchange: this.serving.name };
  }
}
