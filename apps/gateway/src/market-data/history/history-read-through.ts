import { Injectable } from '@nestjs/common';
import { type Interval, type MarketSymbol, openTimeOf } from '@pds/market';
import { AppLogger } from '@pds/observability';
import type { FillRangeJobData } from '@pds/redis';
import type { RequestDeadline } from '../../deadline/request-deadline';
import { ApiException } from '../../errors/api-exception';
import { GatewayEnvironment } from '../../gateway.environment';
import type { KlinesWindow } from '../klines/klines-selection';
import { CoverageReader } from './coverage.reader';
import { HistoryQueueClient } from './history-queue.client';
import { type KlinesRead, type NeededSlots, neededSlots } from '../klines/needed-slots';
import { intersection, pagesToFill } from '../klines/spans';

/** Pages asked per round: a window of at most 1000 klines spans at most two aligned pages. */
const PAGES_PER_ROUND = 2;
/** Rounds of fill-and-read per request (a window before the listing can take three). */
const MAX_ROUNDS = 4;
/** Without the ingestor's open kline, the local clock decides, this far behind the exchange's. */
const CLOCK_MARGIN_MS = 5000;
const RETRY_AFTER_S = 1;

/** After a check: the freshest read, and the pages to fill; `settled` when it needs nothing more. */
interface Check {
  readonly result: KlinesRead;
  readonly pages: FillRangeJobData[];
  readonly settled: boolean;
}

/**
 * getKlines read-through (CONTRACT section 3): an answer never leaves out a closed kline the exchange
 * has. After each read, the slots the answer needs but did not get are checked against the cache
 * workers' coverage record; slots known to have no kline are fine, the others are fetched by the
 * cache workers (fill-range jobs, one per aligned page, shared by identical asks) and read again.
 * A warm, contiguous read costs nothing extra; a hole costs one round trip; a fetch is bounded by
 * READ_THROUGH_TIMEOUT_MS, after which the answer is 503 with Retry-After, never a partial list.
 */
@Injectable()
export class HistoryReadThrough {
  constructor(
    private readonly coverage: CoverageReader,
    private readonly queue: HistoryQueueClient,
    private readonly env: GatewayEnvironment,
    private readonly logger: AppLogger,
  ) {}

  async complete(
    symbol: MarketSymbol,
    interval: Interval,
    window: KlinesWindow,
    read: () => Promise<KlinesRead>,
    deadline?: RequestDeadline,
  ): Promise<KlinesRead> {
    const started = Date.now();
    const fillBy = started + this.env.READ_THROUGH_TIMEOUT_MS;
    let result = await read();
    for (let round = 1; ; round += 1) {
      const check = await this.check(symbol, interval, window, result, read);
      if (check.settled) return check.result;
      const left = fillBy - Date.now();
      if (round > MAX_ROUNDS || left <= 0) throw this.unavailable(interval, window, started);
      if (check.pages.length === 0) {
        result = check.result;
        continue;
      }
      // The wait is for the exchange, bounded by `left`: it does not count against the request's deadline.
      const fill = this.queue.fill(check.pages, left);
      if (!(await (deadline ? deadline.notCounting(fill) : fill)))
        throw this.unavailable(interval, window, started);
      this.logger.info(
        {
          interval,
          round,
          pages: check.pages.length,
          ms: Date.now() - started,
        },
        'read-through',
      );
      result = await read();
    }
  }

  /**
   * True when `read` needs nothing fetched: a read of Redis giving the same would be answered as it
   * is, without a look at the coverage record. Without bounds and without an open kline there is
   * no answer at all (no live data yet), which needs nothing fetched either.
   */
  isComplete(interval: Interval, window: KlinesWindow, read: KlinesRead): boolean {
    if (window.from === undefined && window.to === undefined && !read.open) return true;
    return this.needed(interval, window, read).gaps.length === 0;
  }

  /**
   * The slots to fetch: missing from the read and in no covered span. The read is repeated after the
   * coverage lookup, so a slot stored or covered in between (a fill finishing, the ingestor's
   * rollover landing between its two reads) is not fetched for nothing. Pages holding the slots the
   * answer would hold if the exchange had no holes come first; further ones only when those are
   * known and the answer still falls short (before the listing, across an exchange outage).
   */
  private async check(
    symbol: MarketSymbol,
    interval: Interval,
    window: KlinesWindow,
    first: KlinesRead,
    read: () => Promise<KlinesRead>,
  ): Promise<Check> {
    const done = (result: KlinesRead): Check => ({ result, pages: [], settled: true });
    if (this.isComplete(interval, window, first)) return done(first);
    const before = this.needed(interval, window, first);
    const { managed, unknown } = await this.coverage.unknownParts(symbol, interval, before.gaps);
    // No cache worker ever ran on this deployment: serve what the live feed wrote.
    if (!managed || unknown.length === 0) return done(first);
    const result = await read();
    const needed = this.needed(interval, window, result);
    if (needed.gaps.length === 0) return done(result);
    // Gaps of the new read that the lookup did not see (none, or it moved): check them next round.
    const missing = intersection(unknown, needed.gaps);
    const focused = intersection(missing, [needed.expected]);
    const pages = pagesToFill(
      focused.length > 0 ? focused : missing,
      interval,
      needed.direction,
      PAGES_PER_ROUND,
    );
    return { result, pages: pages.map((page) => ({ symbol, interval, ...page })), settled: false };
  }

  private needed(interval: Interval, window: KlinesWindow, result: KlinesRead): NeededSlots {
    const current = result.open?.openTime ?? openTimeOf(Date.now() - CLOCK_MARGIN_MS, interval);
    return neededSlots(interval, window, result, current);
  }

  private unavailable(interval: Interval, window: KlinesWindow, started: number): ApiException {
    this.logger.warn(
      {
        interval,
        from: window.from,
        to: window.to,
        limit: window.limit,
        ms: Date.now() - started,
      },
      'read-through-timeout',
    );
    return ApiException.serviceUnavailable(
      'History for this range is being fetched from the exchange; retry shortly',
      RETRY_AFTER_S,
    );
  }
}
