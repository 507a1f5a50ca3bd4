import type { Kline } from '@pds/market';
import { ExchangeRateLimitError } from '../exchange-errors';
import type { LiveStreamEvents, StreamCounters, StreamKline } from '../live-stream';
import type { ExchangeLiveStream } from '../stream/exchange-live-stream';
import type { RefusalCounts } from '../stream/frame-refusals';
import { LiveStreamBase } from '../stream/live-stream-base';
import { MergedHours } from './merged-hours-stream';

const FORWARDED = [
  'trade',
  'interruption',
  'disconnected',
  'switched',
  'counters',
  'alive',
  'refused',
] as const;
/** After a failed seed, the next try waits this long (the REST API is rate limited)… */
const SEED_RETRY_MS = 10_000;
/** …or, after a rate limit, until the time Kraken names (this long when it names none). */
const RATE_LIMITED_RETRY_S = 60;

/**
 * Kraken's live stream: the engine's stream of its wire format, plus the 6h and 12h pushes Kraken
 * does not have, merged from its 1h pushes over the window's hours (seeded from REST at the start
 * and after every interruption, since the hours in between may be missing).
 */
export class KrakenLiveStream extends LiveStreamBase {
  private readonly merged = new MergedHours();
  private seeding = false;
  private nextSeedAt = 0;
  private closed = false;

  constructor(
    private readonly inner: ExchangeLiveStream,
    /** The 1h klines of the current 12 h window, from REST. */
    private readonly fetchHours: () => Promise<readonly Kline[]>,
    private readonly now: () => number = Date.now,
  ) {
    super();
    for (const event of FORWARDED) {
      inner.on(event, (payload: LiveStreamEvents[typeof event]) => {
        this.listeners.emit(event, payload);
      });
    }
    inner.on('kline', (push) => {
      this.onKline(push);
    });
    inner.on('interruption', () => {
      this.merged.reset();
    });
  }

  start(): void {
    this.inner.start();
  }

  counters(): StreamCounters {
    return this.inner.counters();
  }

  refusals(): RefusalCounts {
    return this.inner.refusals();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await this.inner.close();
  }

  private onKline(push: StreamKline): void {
    this.listeners.emit('kline', push);
    if (push.interval !== '1h') return;
    if (!this.merged.isSeeded) this.seed();
    for (const merged of this.merged.onHour(push)) this.listeners.emit('kline', merged);
  }

  private seed(): void {
    if (this.seeding || this.closed || this.now() < this.nextSeedAt) return;
    this.seeding = true;
    this.fetchHours()
      .then((hours) => {
        // Only closed hours: the open one comes live, and a live hour is newer than REST's.
        this.merged.seed(hours.filter((hour) => hour.isClosed));
      })
      .catch((error: unknown) => {
        const waitS =
          error instanceof ExchangeRateLimitError ? (error.retryAfterSeconds ?? RATE_LIMITED_RETRY_S) : 0;
        this.nextSeedAt = this.now() + Math.max(SEED_RETRY_MS, waitS * 1000);
      })
      .finally(() => {
        this.seeding = false;
      });
  }
}
