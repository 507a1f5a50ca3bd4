import { Injectable } from '@nestjs/common';
import type { Interval } from '@pds/market';
import { type Bar, mergeAll } from '../market/bar';
import type { SimKline } from '../market/kline';
import { MarketService } from '../market/market.service';
import { SimEnvironment } from '../sim.environment';
import { type KrakenInterval, OHLC_WINDOW } from './kraken-wire';

/** One OHLC entry of Kraken: an interval of `minutes` that had at least one trade. */
export interface KrakenKline {
  readonly minutes: KrakenInterval;
  readonly openTime: number;
  readonly closeTime: number;
  readonly bar: Bar;
  /** The volume Kraken shows, when it differs from the bar's (before a revision). */
  readonly reportedVolume?: bigint;
}

const NATIVE: Readonly<Partial<Record<KrakenInterval, Interval>>> = {
  1: '1m',
  5: '5m',
  15: '15m',
  30: '30m',
  60: '1h',
  240: '4h',
  1440: '1d',
};
const MINUTE_MS = 60_000;
const DAY_MS = 1440 * MINUTE_MS;
/** A tenth of a kline's volume is still unreported while Kraken may revise it. */
const UNREPORTED_SHARE = 10n;

/**
 * The market as Kraken's OHLC shows it: no entry for an interval without a trade; weeks and 15-day
 * spans merged from days (aligned to the epoch, as Kraken's are); the latest 720 entries only; and a
 * just-closed entry's volume reported short for SIM_KRAKEN_REVISION_MS before it is revised.
 */
@Injectable()
export class KrakenMarket {
  constructor(
    private readonly market: MarketService,
    private readonly env: SimEnvironment,
  ) {}

  /** The newest `count` entries (at most 720), the one still open last when it has traded. */
  latest(minutes: KrakenInterval, count = OHLC_WINDOW): KrakenKline[] {
    const native = NATIVE[minutes];
    const entries = native ? this.nativeEntries(minutes, native, count) : this.mergedEntries(minutes);
    return entries.slice(-Math.min(count, OHLC_WINDOW)).map((entry) => this.asReported(entry));
  }

  /** The entry holding now, when something traded in it (updates of the ohlc channel). */
  open(minutes: KrakenInterval): KrakenKline | undefined {
    const native = NATIVE[minutes];
    const now = this.market.now();
    if (native) {
      const kline = this.market.openKline(native);
      return kline && kline.bar.trades > 0 ? entry(minutes, kline) : undefined;
    }
    const length = minutes * MINUTE_MS;
    const openTime = Math.floor(now / length) * length;
    const days = this.market.klines('1d', { startTime: openTime, limit: minutes / 1440 });
    return mergedEntry(minutes, openTime, days);
  }

  private nativeEntries(minutes: KrakenInterval, native: Interval, count: number): KrakenKline[] {
    // Quiet intervals leave holes: read twice the slots to find `count` entries.
    const klines = this.market.klines(native, { limit: 2 * Math.min(count, OHLC_WINDOW) + 16 });
    return klines.filter((kline) => kline.bar.trades > 0).map((kline) => entry(minutes, kline));
  }

  private mergedEntries(minutes: KrakenInterval): KrakenKline[] {
    const length = minutes * MINUTE_MS;
    const first = Math.floor(Date.parse(this.env.SIM_HISTORY_START) / DAY_MS) * DAY_MS;
    const days = this.market.klines('1d', { startTime: first, limit: Number.MAX_SAFE_INTEGER });
    const groups = new Map<number, SimKline[]>();
    for (const day of days) {
      const openTime = Math.floor(day.openTime / length) * length;
      groups.set(openTime, [...(groups.get(openTime) ?? []), day]);
    }
    return [...groups].flatMap(([openTime, group]) => mergedEntry(minutes, openTime, group) ?? []);
  }

  private asReported(kline: KrakenKline): KrakenKline {
    const sinceClose = this.market.now() - kline.closeTime;
    if (sinceClose <= 0 || sinceClose > this.env.SIM_KRAKEN_REVISION_MS) return kline;
    return { ...kline, reportedVolume: kline.bar.volume - kline.bar.volume / UNREPORTED_SHARE };
  }
}

function entry(minutes: KrakenInterval, kline: SimKline): KrakenKline {
  return { minutes, openTime: kline.openTime, closeTime: kline.closeTime, bar: kline.bar };
}

function mergedEntry(
  minutes: KrakenInterval,
  openTime: number,
  days: readonly SimKline[],
): KrakenKline | undefined {
  const bar = mergeAll(days.map((day) => day.bar));
  if (!bar || bar.trades === 0) return undefined;
  return { minutes, openTime, closeTime: openTime + minutes * MINUTE_MS - 1, bar };
}
