import { Injectable } from '@nestjs/common';
import {
  type Interval,
  intervalMs,
  type MarketSymbol,
  openTimeOf,
  PAGE_KLINES,
  slotCount,
  type Span,
} from '@pds/market';
import { type KlinePage, serviceNow } from '@pds/exchange';
import { KlineFetcher } from '../exchange/kline-fetcher';
import { KlineStore } from './kline-store';
import { backwardCoverage, forwardCoverage, klineSlot } from './page-coverage';

/** What a fill did: REST requests sent and klines written (0 for klines already stored). */
export interface FillOutcome {
  requests: number;
  stored: number;
  /** The last open time known after the fill (covered or stored), for repairs to check. */
  knownTo: number | undefined;
}

const noWork = (): FillOutcome => ({ requests: 0, stored: 0, knownTo: undefined });

/**
 * Fetches history from the exchange into Redis. Requests go forward (`startTime` and `limit`, no
 * `endTime`), so a request that meets a stretch without klines (before the listing, an outage)
 * jumps over it and its coverage says so; see page-coverage.ts.
 */
@Injectable()
export class HistoryFiller {
  constructor(
    private readonly store: KlineStore,
    private readonly fetcher: KlineFetcher,
  ) {}

  /**
   * Makes every closed slot of `range` known, fetching only what is neither stored nor covered, so
   * repeated and concurrent fills of the same range fetch it once.
   */
  async fill(symbol: MarketSymbol, interval: Interval, range: Span): Promise<FillOutcome> {
    const step = intervalMs(interval);
    const outcome = noWork();
    let from = range.from;
    for (;;) {
      // Slots still open by the service's clock are left out (asked again, they would be fetched
      // again): a kline is closed by time on that clock, never by the exchange's (CONTRACT 11).
      const lastClosed = openTimeOf(serviceNow(), interval) - step;
      const bounded = { from, to: Math.min(range.to, lastClosed) };
      const unknown = await this.store.unknown(symbol, interval, bounded);
      const first = unknown[0];
      const last = unknown.at(-1);
      if (!first || !last) return outcome;
      const limit = Math.min(PAGE_KLINES, slotCount({ from: first.from, to: last.to }, step));
      const { page, covered } = await this.fetchForward(symbol, interval, first.from, limit, outcome);
      if (jumpedAt(page, first.from, interval)) await this.probeBefore(symbol, interval, first.from, outcome);
      // A short page reached the end of the exchange's closed history: nothing more to get now.
      if (rowsOf(page) < limit || !covered) return outcome;
      // Onwards from the page: retention may trim a range older than its bound as soon as it is
      // stored, and asked from the start again this fill would fetch it again.
      from = covered.to + step;
    }
  }

  /**
   * Fetches every closed kline of `range` again, stored or not: after a feed outage the stored ones
   * may be the ingestor's own closes, built from an incomplete trade stream.
   */
  async refetch(symbol: MarketSymbol, interval: Interval, range: Span): Promise<FillOutcome> {
    const step = intervalMs(interval);
    const outcome = noWork();
    let cursor = range.from;
    while (cursor <= range.to) {
      const limit = Math.min(PAGE_KLINES, slotCount({ from: cursor, to: range.to }, step));
      const { page, covered } = await this.fetchForward(symbol, interval, cursor, limit, outcome);
      // Stop at the end of the exchange's closed history (a short page, or only the open kline).
      if (!covered || rowsOf(page) < limit) break;
      cursor = covered.to + step;
    }
    return outcome;
  }

  private async fetchForward(
    symbol: MarketSymbol,
    interval: Interval,
    start: number,
    limit: number,
    outcome: FillOutcome,
  ): Promise<{ page: KlinePage; covered: Span | undefined }> {
    const page = await this.fetcher.forward(symbol, interval, start, limit);
    // A page with refused rows is used: its valid klines are stored and a refused row's slot is
    // answered as one without a kline, until the page may be asked again (refused-pages.ts).
    const covered = forwardCoverage(start, limit, page.klines, page.exchangeTime, interval, rowsOf(page));
    outcome.requests += 1;
    outcome.stored += await this.store.save(symbol, interval, page.klines, covered, hasRefusals(page));
    if (covered) outcome.knownTo = Math.max(outcome.knownTo ?? covered.to, covered.to);
    return { page, covered };
  }

  /**
   * A forward request jumped over slots without klines at its start. When the slot before the start
   * is unknown too, one backward request finds the last kline before (or proves there is none: the
   * listing), so a stretch before the listing is known in two requests, not one per page.
   */
  private async probeBefore(
    symbol: MarketSymbol,
    interval: Interval,
    start: number,
    outcome: FillOutcome,
  ): Promise<void> {
    const before = start - intervalMs(interval);
    if (before < 0) return;
    const unknown = await this.store.unknown(symbol, interval, { from: before, to: before });
    if (unknown.length === 0) return;
    const page = await this.fetcher.backward(symbol, interval, before, 1);
    outcome.requests += 1;
    // A refused row here could be the kline before the start: the probe then proves nothing.
    const refused = hasRefusals(page);
    outcome.stored += await this.store.save(
      symbol,
      interval,
      page.klines,
      refused ? undefined : backwardCoverage(before, page.klines, interval),
    );
  }
}

/** The answer's rows, refused ones included: whether it reached its limit. */
function rowsOf(page: KlinePage): number {
  return page.rows ?? page.klines.length;
}

function hasRefusals(page: KlinePage): boolean {
  return (page.refused?.length ?? 0) > 0;
}

function jumpedAt(page: KlinePage, start: number, interval: Interval): boolean {
  const first = page.klines[0];
  return first !== undefined && klineSlot(first, interval) > start;
}
