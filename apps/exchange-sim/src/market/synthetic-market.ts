import type { Bar } from './bar';
import { HaltCalendar } from './halts';
import { HashStream } from './hash';
import { SyntheticWalk } from './synthetic-walk';
import { TradeIds } from './trade-ids';
import { plainVenue, QuietMinutes, type VenueProfile, withPremium } from './venue-profile';

const SHAPE_SALT = 0x73686170;
const SIZE_SALT = 0x73697a65;

/** Minute volume between 2 and 60 BTC, in 0.00001 steps. */
const MIN_VOLUME = 200_000;
const VOLUME_RANGE = 5_800_000;

/**
 * An exact sum of non-negative integer doubles: each addend is below 2^53 (60 BTC at < 1.5·10^7
 * USDT), and the running double moves into a bigint before an addition could leave the exact range.
 */
class ExactSum {
  private partial = 0;
  private total = 0n;

  add(value: number): void {
    if (this.partial > Number.MAX_SAFE_INTEGER - value) this.flush();
    this.partial += value;
  }

  result(): bigint {
    this.flush();
    return this.total;
  }

  private flush(): void {
    this.total += BigInt(this.partial);
    this.partial = 0;
  }
}

/** What the hashes make of one minute, given its open and close. */
interface MinuteShape {
  readonly high: number;
  readonly low: number;
  readonly typical: number;
  readonly volume: number;
  readonly takerVolume: number;
  readonly trades: number;
}

/** Running merge of minute shapes, in the order they come. */
class RangeSum {
  high = 0;
  low = Number.POSITIVE_INFINITY;
  trades = 0;
  readonly volume = new ExactSum();
  readonly quote = new ExactSum();
  readonly takerVolume = new ExactSum();
  readonly takerQuote = new ExactSum();

  add(shape: MinuteShape): void {
    this.high = Math.max(this.high, shape.high);
    this.low = Math.min(this.low, shape.low);
    this.trades += shape.trades;
    this.volume.add(shape.volume);
    this.quote.add(shape.volume * shape.typical);
    this.takerVolume.add(shape.takerVolume);
    this.takerQuote.add(shape.takerVolume * shape.typical);
  }

  /** The bar of the trading minutes added, with `ids` their first and last trade ids. */
  bar(open: number, close: number, ids: { first: number; last: number }): Bar | undefined {
    if (this.trades === 0) return undefined;
    return {
      open,
      high: this.high,
      low: this.low,
      close,
      volume: this.volume.result(),
      quoteVolume: this.quote.result(),
      takerBuyVolume: this.takerVolume.result(),
      takerBuyQuoteVolume: this.takerQuote.result(),
      trades: this.trades,
      firstTradeId: ids.first,
      lastTradeId: ids.last,
    };
  }
}

/**
 * The market before the sim started: every 1m kline is a pure function of (seed, minute). The close
 * comes from the walk, the open is the previous close, and wicks, volume, taker share and trade count
 * come from hashes of the minute. Nothing is stored; callers memoise what they aggregate.
 */
export class SyntheticMarket {
  private readonly walk: SyntheticWalk;
  private readonly maxWick: number;
  private readonly shapes: HashStream;
  private readonly sizes: HashStream;
  private readonly quiet: QuietMinutes;
  readonly ids: TradeIds;

  /** `seed` walks the price every exchange shares; `venue` makes this exchange's own market on it. */
  constructor(
    seed: number,
    baseTicks: number,
    readonly halts = new HaltCalendar([]),
    private readonly venue: VenueProfile = plainVenue(seed),
  ) {
    this.ids = new TradeIds(venue.venueSeed, halts);
    this.walk = new SyntheticWalk(seed, baseTicks);
    this.shapes = new HashStream(venue.venueSeed, SHAPE_SALT);
    this.sizes = new HashStream(venue.venueSeed, SIZE_SALT);
    this.quiet = new QuietMinutes(venue);
    this.maxWick = Math.max(1, Math.floor(baseTicks / 5000));
  }

  closeAt(minute: number): number {
    return withPremium(this.walk.closeAt(minute), this.venue.premiumBps);
  }

  /** A minute in which nothing traded on this exchange (never on Binance's busy book). */
  isQuiet(minute: number): boolean {
    return this.quiet.has(minute);
  }

  /** The merge of the 1m bars of minutes [from, to); undefined when none of them traded. */
  rangeBar(from: number, to: number): Bar | undefined {
    return to > from ? this.rangeBars(from, to - from, 1)[0] : undefined;
  }

  /**
   * `count` consecutive bars of `minutes` minutes each, the first opening at minute `from`, all in
   * one walk: a run of hours costs one pass over its minutes, with no restart per hour. Halted
   * minutes add nothing (the walk goes on under them); a bucket without a trading minute is undefined.
   */
  rangeBars(from: number, minutes: number, count: number): (Bar | undefined)[] {
    const walk = this.walk.walker(from - 1);
    const premiumBps = this.venue.premiumBps;
    const walker = { next: (): number => withPremium(walk.next(), premiumBps) };
    const bars: (Bar | undefined)[] = [];
    let close = walker.next();
    for (let bucket = 0; bucket < count; bucket += 1) {
      const first = from + bucket * minutes;
      const sum = new RangeSum();
      let open: number | undefined;
      let tradedClose = close;
      for (let minute = first; minute < first + minutes; minute += 1) {
        const previousClose = close;
        close = walker.next();
        if (this.halts.isHalted(minute) || this.quiet.has(minute)) continue;
        open ??= previousClose;
        tradedClose = close;
        sum.add(this.shape(minute, previousClose, close));
      }
      const ids = { first: this.ids.firstId(first), last: this.ids.firstId(first + minutes) - 1 };
      bars.push(sum.bar(open ?? close, tradedClose, ids));
    }
    return bars;
  }

  private shape(minute: number, open: number, close: number): MinuteShape {
    const shape = this.shapes.at(minute);
    const size = this.sizes.at(minute);
    const high = Math.max(open, close) + Math.floor(((shape & 0x3ff) * this.maxWick) / 1024);
    const low = Math.max(
      1,
      Math.min(open, close) - Math.floor((((shape >>> 10) & 0x3ff) * this.maxWick) / 1024),
    );
    const volume = Math.max(
      1,
      Math.floor((MIN_VOLUME + ((size >>> 1) % VOLUME_RANGE)) / this.venue.volumeDivisor),
    );
    const takerShare = (shape >>> 20) % 101;
    return {
      high,
      low,
      typical: Math.floor((open + high + low + close) / 4),
      volume,
      takerVolume: Math.floor((volume * takerShare) / 100),
      trades: Math.max(1, Math.floor(this.ids.tradesIn(minute) / this.venue.tradesDivisor)),
    };
  }
}
