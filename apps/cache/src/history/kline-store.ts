import { Injectable } from '@nestjs/common';
import {
  type Interval,
  INTERVALS,
  intervalMs,
  type Kline,
  klineJson,
  klineOpenTimeMs,
  type MarketSymbol,
  openTimeOf,
  PAGE_KLINES,
  type Span,
} from '@pds/market';
import {
  liveRefusedSpans,
  REFUSED_PAGE_RETRY_MS,
  RedisKeys,
  RedisScripts,
  refusedPageMember,
} from '@pds/redis';
import { serviceNow } from '@pds/exchange';
import { KNOWN_IN_RANGE_SCRIPT, STORE_KLINES_SCRIPT, TRIM_KLINES_SCRIPT } from './kline-store.lua';
import { unknownSpans } from './spans';

function spansOf(flat: readonly number[]): Span[] {
  const spans: Span[] = [];
  for (let index = 0; index + 1 < flat.length; index += 2) {
    spans.push({ from: flat[index] ?? 0, to: flat[index + 1] ?? 0 });
  }
  return spans;
}

/** Closed-kline history and its coverage record in Redis (layout: kline-store.lua.ts). */
@Injectable()
export class KlineStore {
  private readonly storeKlines;
  private readonly trimKlines;
  private readonly knownInRange;
  /** The service's clock (when a refused page may be asked again); one injectable clock at merge. */
  private readonly now: () => number = serviceNow;

  constructor(
    scripts: RedisScripts,
    private readonly keys: RedisKeys,
  ) {
    this.storeKlines = scripts.bind(STORE_KLINES_SCRIPT);
    this.trimKlines = scripts.bind(TRIM_KLINES_SCRIPT);
    this.knownInRange = scripts.bind(KNOWN_IN_RANGE_SCRIPT);
  }

  /**
   * The parts of `range` that are neither stored nor covered: what a fill must fetch. A kline the
   * exchange placed off the interval grid fills the slot it opens in.
   */
  async unknown(symbol: MarketSymbol, interval: Interval, range: Span): Promise<Span[]> {
    if (range.to < range.from) return [];
    const step = intervalMs(interval);
    const keys = this.historyKeys(symbol, interval);
    const pageBefore = Math.max(0, range.from - PAGE_KLINES * step);
    const known = await this.knownInRange(keys, range.from, range.to + step - 1, pageBefore);
    const slots = known.present.map((time) => openTimeOf(time, interval));
    const refused = liveRefusedSpans(known.refusedPages, this.now());
    return unknownSpans(range, [...spansOf(known.spans), ...refused], slots, step);
  }

  /**
   * Stores the closed ones of `klines` and records `covered`, atomically, and announces a write on
   * the history channel; returns how many klines were written (0 when all were stored already).
   * A page with refused rows (`refusedRows`) records its span as known only until it may be asked
   * again (refused-pages.ts), and removes no stored kline.
   */
  async save(
    symbol: MarketSymbol,
    interval: Interval,
    klines: readonly Kline[],
    covered: Span | undefined,
    refusedRows = false,
  ): Promise<number> {
    const now = this.now();
    const step = intervalMs(interval);
    const refusedPage =
      refusedRows && covered ? refusedPageMember(covered.to, now + REFUSED_PAGE_RETRY_MS) : '';
    const args: (string | number)[] = [
      step,
      covered?.from ?? '',
      covered?.to ?? '',
      this.keys.historyChannel(symbol),
      interval,
      refusedPage,
      now,
      Math.max(0, (covered?.from ?? 0) - PAGE_KLINES * step),
    ];
    const header = args.length;
    for (const kline of klines) {
      if (kline.isClosed) args.push(klineOpenTimeMs(kline), klineJson(kline));
    }
    if (args.length === header && !covered) return 0;
    return this.storeKlines(this.historyKeys(symbol, interval), ...args);
  }

  /**
   * Starts a coverage record for every interval (slot 0, 1970, which no exchange has a kline for):
   * from then on gateways know this deployment's history is managed and fill what is missing.
   */
  async markManaged(symbol: MarketSymbol): Promise<void> {
    await Promise.all(INTERVALS.map((interval) => this.save(symbol, interval, [], { from: 0, to: 0 })));
  }

  /** Trims the interval to its newest `keep` klines; returns how many were removed. */
  async trim(symbol: MarketSymbol, interval: Interval, keep: number): Promise<number> {
    return this.trimKlines(this.historyKeys(symbol, interval), keep, intervalMs(interval));
  }

  private historyKeys(symbol: MarketSymbol, interval: Interval): [string, string, string] {
    return [
      this.keys.closedKlines(symbol, interval),
      this.keys.coverage(symbol, interval),
      this.keys.refusedPages(symbol, interval),
    ];
  }
}
