import type { AppLogger } from '@pds/observability';
import type { GapRecorder } from '../gaps/gap-recorder';
import type { LeaseService } from '../leadership/lease.service';
import type { MarketSources } from '../sources/market-sources';
import { type SelectorRules, selectSource, type Switch } from '../sources/source-selector';
import type { LeaderWrites } from '../writer/leader-writes';

export interface FailoverCounts {
  readonly switches: number;
}

/**
 * The switch between exchanges (CONTRACT section 11), judged on every disconnection and every tick:
 * - to a standby: its price and open klines are written at once (its own, never a splice);
 * - back to the primary: its whole state is written, and the span a standby served is sent for repair
 *   from the primary's REST history, so the stored history is the primary's again;
 * - the exchange status (serving exchange, each one's state) is written whenever it changes.
 * Every write goes through LeaderWrites: only the lease holder's count, fenced like every write.
 */
export class Failover {
  private lastSwitchAt: number | undefined;
  private lastStatus = '';
  /** Exchange time from which the stored history may not be the primary's (a standby served). */
  private standbyFrom: number | undefined;
  private switches = 0;

  constructor(
    private readonly sources: MarketSources,
    private readonly rules: SelectorRules,
    private readonly writes: LeaderWrites,
    private readonly lease: LeaseService,
    private readonly gaps: GapRecorder,
    private readonly logger: AppLogger,
  ) {}

  get counts(): FailoverCounts {
    return { switches: this.switches };
  }

  evaluate(now = Date.now()): void {
    const decision = selectSource(
      {
        order: this.sources.names,
        health: (name) => this.sources.byName(name).health,
        active: this.sources.active.name,
        lastSwitchAt: this.lastSwitchAt,
        now,
      },
      this.rules,
    );
    if (decision) this.switchTo(decision, now);
    this.writeStatusIfChanged(now);
  }

  private switchTo(decision: Switch, now: number): void {
    const from = this.sources.active;
    const to = this.sources.byName(decision.to);
    if (from === this.sources.primary) this.standbyFrom = from.state.eventTime ?? to.state.eventTime;
    this.sources.activate(to.name);
    this.lastSwitchAt = now;
    this.switches += 1;
    const silentForMs = now - (from.health.lastMessageTime ?? now);
    this.logger.warn(
      { from: from.name, to: to.name, reason: decision.reason, silentForMs },
      'exchange-switched',
    );
    if (to === this.sources.primary) this.repairStandbyPeriod();
    const snapshot = this.sources.snapshot(now);
    if (snapshot) {
      this.lastStatus = snapshot.status ?? this.lastStatus;
      this.writes.submit(snapshot);
    }
  }

  private repairStandbyPeriod(): void {
    const from = this.standbyFrom;
    const to = this.sources.primary.state.eventTime;
    this.standbyFrom = undefined;
    if (this.lease.isLeader && from !== undefined && to !== undefined) {
      void this.gaps.record(from, to, 'standby-served');
    }
  }

  /** A status-only step carries the serving exchange's newest event time (nothing older is written). */
  private writeStatusIfChanged(now: number): void {
    const status = this.sources.statusJson(now);
    const eventTime = this.sources.active.state.eventTime;
    if (status === this.lastStatus || eventTime === undefined) return;
    this.lastStatus = status;
    this.writes.submit({ eventTime, price: undefined, klines: [], status });
  }
}
