import type { Listeners } from '../listeners';
import type { LiveStreamEvents, StreamCounters, StreamKline, StreamTrade } from '../live-stream';
import { EventDeduplicator } from './event-deduplicator';
import { type MutableCounters, zeroCounters } from './stream-counters';

/**
 * The consumer-facing half of a live stream: events are de-duplicated by the exchange's trade
 * sequence and kline event time before they are emitted, sequence holes and skipped frames are
 * counted, and the newest exchange time seen is kept for the next `interruption`.
 */
export class StreamDelivery {
  private readonly dedupe: EventDeduplicator;
  private readonly count: MutableCounters = zeroCounters();
  private newestEventTime: number | undefined;

  /** `now`: the service's clock, for the duplicate filter's give-way rule. */
  constructor(
    private readonly listeners: Listeners<LiveStreamEvents>,
    now?: () => number,
  ) {
    this.dedupe = new EventDeduplicator(now);
  }

  get lastEventTime(): number | undefined {
    return this.newestEventTime;
  }

  trade(trade: StreamTrade): void {
    this.noteEventTime(trade.eventTime);
    if (this.dedupe.missingBefore(trade.id) > 0) this.bump('sequenceGaps');
    if (!this.dedupe.acceptTrade(trade.id)) {
      this.bump('duplicatesDropped');
      return;
    }
    this.listeners.emit('trade', trade);
  }

  kline(push: StreamKline): void {
    this.noteEventTime(push.eventTime);
    if (!this.dedupe.acceptKline(push.interval, push.eventTime, push.openTime, push.kline.isClosed)) {
      this.bump('duplicatesDropped');
      return;
    }
    this.listeners.emit('kline', push);
  }

  /** Counts a frame without emitting `counters` (that one changes with every frame). */
  frameReceived(): void {
    this.count.framesReceived += 1;
  }

  bump(counter: keyof StreamCounters): void {
    this.count[counter] += 1;
    this.listeners.emit('counters', this.counters());
  }

  counters(): StreamCounters {
    return { ...this.count };
  }

  private noteEventTime(eventTime: number): void {
    this.newestEventTime = Math.max(this.newestEventTime ?? eventTime, eventTime);
  }
}
