import type { StreamKline, StreamTrade } from '../live-stream';
import { serviceNow } from '../service-clock';
import { checkStreamKline, checkTrade, type TimeBounds, timeBounds } from './frame-checks';
import type { FrameRefusals } from './frame-refusals';
import { HaltRealignment } from './halt-realignment';
import type { RefusalReason } from './refusal-reasons';

const FIELD_LENGTH = 40;

/** A value for a log line, cut short: a refused field may be a megabyte long. */
function shown(value: unknown): string {
  return String(value).slice(0, FIELD_LENGTH);
}

function describeTrade(trade: StreamTrade): string {
  return `trade ${shown(trade.id)} price ${shown(trade.price)} quantity ${shown(trade.quantity)} time ${shown(trade.time)}`;
}

function describeKline(push: StreamKline): string {
  const { open, high, low, close, volume, trades } = push.kline;
  return `kline ${push.interval} ${shown(push.openTime)} o ${shown(open)} h ${shown(high)} l ${shown(low)} c ${shown(close)} v ${shown(volume)} n ${shown(trades)} event ${shown(push.eventTime)}`;
}

/**
 * The stream engine's gate for decoded events, whatever the exchange (CONTRACT section 11,
 * "Untrusted frames"): each trade and kline push is checked against the rules of `frame-checks`,
 * with times bounded by the service's own clock (`serviceNow`), which no frame moves. Refused
 * events are counted and dropped.
 */
export class EventScreen {
  private readonly realignment = new HaltRealignment();

  constructor(
    private readonly historyStartMs: number,
    private readonly refusals: FrameRefusals,
    private readonly now: () => number = serviceNow,
  ) {}

  trades(trades: readonly StreamTrade[]): readonly StreamTrade[] {
    return this.screen(trades, checkTrade, describeTrade);
  }

  klines(klines: readonly StreamKline[]): readonly StreamKline[] {
    const accepted = this.screen(
      klines,
      (push, bounds) => checkStreamKline(push, bounds, this.realignment.allows(push)),
      describeKline,
    );
    for (const push of accepted) this.realignment.accepted(push);
    return accepted;
  }

  private screen<E extends StreamTrade | StreamKline>(
    events: readonly E[],
    check: (event: E, bounds: TimeBounds) => RefusalReason | undefined,
    describe: (event: E) => string,
  ): readonly E[] {
    const bounds = timeBounds(this.historyStartMs, this.now());
    let accepted: E[] | undefined;
    for (let i = 0; i < events.length; i += 1) {
      const event = events[i] as E;
      const refusal = check(event, bounds);
      if (refusal === undefined) {
        accepted?.push(event);
        continue;
      }
      // Copy only once something is refused: the usual frame passes whole, without an allocation.
      accepted ??= events.slice(0, i);
      this.refusals.refuse(refusal, `${refusal}: ${describe(event)}`);
    }
    return accepted ?? events;
  }
}
