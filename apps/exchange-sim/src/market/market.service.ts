import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { INTERVALS, type Interval, intervalMs } from '@pds/market';
import { printSettings, venueProfile } from '../sim-exchange';
import { SimEnvironment } from '../sim.environment';
import type { BookedTrade } from './bar';
import { Clock } from './clock';
import { formatPrice, formatQuantity, parsePriceTicks } from '@pds/market';
import type { SimKline } from './kline';
import { type Halt, HaltCalendar, parseHalts } from './halts';
import { KlineBook } from './kline-book';
import { KlineHistory } from './kline-history';
import type { KlineWindowRequest } from './kline-window';
import { PriceSkew } from './price-skew';
import { LiveTape, MINUTE_MS, minuteOf } from './live-tape';
import { type KlineClosedListener, Listeners, type SimTrade, type TradeListener } from './market-events';
import { SyntheticMarket } from './synthetic-market';
import { LiveWalk } from './live-walk';
import { SyntheticWalk } from './synthetic-walk';
import { TradeFlow, type TradeStep } from './trade-flow';
import { VenuePrints } from './venue-prints';

const WARM_UP_DAYS = 1000;

/** A request the market cannot take in its state: a trade during a halt, a resume without one. */
export class MarketHaltedError extends Error {}
const WARM_UP_SLICE_DAYS = 10;

/**
 * The simulated BTCUSDT market: the synthetic history, the live tape that continues it from the
 * minute the sim started, the background trades and the minute clock that closes klines. Every
 * kline anyone sees (REST, stream update, stream close) comes from the same KlineHistory.
 */
@Injectable()
export class MarketService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly tape: LiveTape;
  private readonly calendar: HaltCalendar;
  private readonly klineBook: KlineBook;
  private readonly flow: TradeFlow;
  private readonly prints: VenuePrints;
  private readonly synthetic: SyntheticMarket;
  private readonly trades = new Listeners<SimTrade>();
  private readonly closes = new Listeners<SimKline>();
  private nextTradeId: number;
  private nextAggregateId: number;
  private lastTradeTime = 0;
  private booked = 0;
  private tradeTimer?: NodeJS.Timeout;
  private minuteTimer?: NodeJS.Timeout;
  private warmUpStep?: NodeJS.Immediate;

  constructor(
    private readonly env: SimEnvironment,
    private readonly clock: Clock,
    skew: PriceSkew = new PriceSkew(),
  ) {
    const firstMinute = minuteOf(Date.parse(env.SIM_HISTORY_START));
    const startMinute = minuteOf(clock.now());
    if (firstMinute > startMinute) throw new RangeError('SIM_HISTORY_START lies in the future');
    const basePrice = parsePriceTicks(env.SIM_START_PRICE);
    if (basePrice === undefined)
      throw new RangeError(`SIM_START_PRICE ${env.SIM_START_PRICE} is not a price`);
    this.calendar = new HaltCalendar(parseHalts(env.SIM_HALTS));
    const venue = venueProfile(env);
    const synthetic = new SyntheticMarket(env.SIM_SEED, basePrice, this.calendar, venue);
    this.synthetic = synthetic;
    this.tape = new LiveTape(startMinute, synthetic.closeAt(startMinute - 1));
    this.klineBook = new KlineBook(new KlineHistory(synthetic, this.tape, firstMinute), this.calendar);
    this.flow = new TradeFlow(venue.venueSeed);
    const liveWalk = new LiveWalk(env.SIM_SEED, new SyntheticWalk(env.SIM_SEED, basePrice), basePrice);
    this.prints = new VenuePrints(liveWalk, printSettings(env, venue), skew);
    // Live ids continue the synthetic ones without a gap: a kline straddling the start keeps L - f + 1 = n.
    this.nextTradeId = synthetic.ids.firstId(startMinute);
    this.nextAggregateId = this.nextTradeId;
  }

  onApplicationBootstrap(): void {
    this.start();
    this.warmUp();
  }

  onModuleDestroy(): void {
    this.stop();
  }

  start(): void {
    this.scheduleMinuteClose();
    const perSecond = this.env.SIM_TRADES_PER_SECOND;
    if (perSecond > 0 && !this.tradeTimer) {
      // Book by elapsed time rather than one trade per timer tick: timers fire at most about once a
      // millisecond, so high rates (benchmarks) come as small bursts that keep the average exact.
      const startedAt = performance.now();
      let booked = 0;
      this.tradeTimer = setInterval(
        () => {
          const due = Math.floor(((performance.now() - startedAt) * perSecond) / 1000);
          for (; booked < due; booked += 1) {
            if (this.calendar.open || this.synthetic.isQuiet(minuteOf(this.clock.now()))) continue;
            this.bookBackground();
          }
        },
        Math.max(2, Math.floor(1000 / perSecond)),
      );
    }
  }

  stop(): void {
    clearInterval(this.tradeTimer);
    clearTimeout(this.minuteTimer);
    clearImmediate(this.warmUpStep);
    this.tradeTimer = undefined;
    this.minuteTimer = undefined;
    this.warmUpStep = undefined;
  }

  /**
   * Walks the last WARM_UP_DAYS of history into the hour memo in small slices between other work,
   * so the backfill a client starts with (1d × 1000) is answered from memory.
   */
  private warmUp(): void {
    const days = this.klineBook.slotsIn('1d', { limit: WARM_UP_DAYS }, this.clock.now());
    const step = (from: number): void => {
      this.klineBook.prefetch(days.slice(from, from + WARM_UP_SLICE_DAYS));
      if (from + WARM_UP_SLICE_DAYS < days.length) {
        this.warmUpStep = setImmediate(step, from + WARM_UP_SLICE_DAYS);
      }
    };
    this.warmUpStep = setImmediate(step, 0);
  }

  onTrade(listener: TradeListener): () => void {
    return this.trades.add(listener);
  }

  /** Called once per interval close, promptly at the boundary, with the final kline. */
  onKlineClosed(listener: KlineClosedListener): () => void {
    return this.closes.add(listener);
  }

  /** Books a trade at the current time, as if matched now; it streams and counts like any other. */
  injectTrade(step: TradeStep): SimTrade {
    if (this.calendar.open) throw new MarketHaltedError('trading is halted');
    return this.book(step, this.tradeTime());
  }

  /** The next background trade, at the price this exchange prints at that moment. */
  private bookBackground(): void {
    const time = this.tradeTime();
    this.book(this.flow.next(this.prints.priceAt(time)), time);
  }

  /** Trade times never go backwards, even if the host clock does. */
  private tradeTime(): number {
    return Math.max(this.clock.now(), this.lastTradeTime);
  }

  /**
   * Halts trading now, as Binance did: no trade, no kline and no stream event until `resume`; the
   * klines holding this moment end now (closeTime one millisecond before) and are closed at once.
   */
  halt(): number {
    if (this.calendar.open) throw new MarketHaltedError('trading is already halted');
    this.sync();
    const now = this.clock.now();
    this.calendar.begin(now);
    for (const interval of INTERVALS) {
      const cut = this.klineBook.latest(interval, now - 1);
      if (cut && cut.closeTime === now - 1) this.closes.emit(cut);
    }
    return now;
  }

  /**
   * Resumes trading now: the klines of every interval open now, off the grid, and the next
   * minute boundary realigns them (the off-grid kline ends 999 ms after the first aligned one opens).
   */
  resume(): Halt {
    const open = this.calendar.open;
    if (!open) throw new MarketHaltedError('trading is not halted');
    this.sync();
    const now = this.clock.now();
    if (minuteOf(now) === minuteOf(open.from))
      throw new MarketHaltedError('a halt must span a minute boundary');
    return this.calendar.finish(now) ?? open;
  }

  /** Binance's klines window: see klineWindow for the rules. */
  klines(interval: Interval, request: KlineWindowRequest): SimKline[] {
    this.sync();
    return this.klineBook.window(interval, request, this.clock.now());
  }

  /** The kline of `interval` still open now; none during a halt. */
  openKline(interval: Interval): SimKline | undefined {
    this.sync();
    return this.klineBook.open(interval, this.clock.now());
  }

  lastPrice(): string {
    return formatPrice(this.tape.lastPriceTicks);
  }

  now(): number {
    return this.clock.now();
  }

  get tradeCount(): number {
    return this.booked;
  }

  /** Closes the minutes (and longer intervals) that ended by now; the minute timer calls it too. */
  sync(): void {
    this.advance(this.clock.now());
  }

  private advance(time: number): void {
    for (const minute of this.tape.advanceTo(minuteOf(time))) {
      const boundary = (minute + 1) * MINUTE_MS;
      for (const interval of INTERVALS) {
        const length = intervalMs(interval);
        if (boundary % length !== 0) continue;
        const kline = this.klineBook.closingAt(interval, boundary);
        if (kline) this.closes.emit(kline);
      }
    }
  }

  private book(step: TradeStep, time: number): SimTrade {
    this.advance(time);
    const booked: BookedTrade = { id: this.nextTradeId, time, ...step };
    this.tape.record(booked);
    const trade: SimTrade = {
      id: this.nextTradeId,
      aggregateId: this.nextAggregateId,
      price: formatPrice(step.priceTicks),
      quantity: formatQuantity(step.quantitySteps),
      time,
      buyerIsMaker: step.buyerIsMaker,
    };
    this.nextTradeId += 1;
    this.nextAggregateId += 1;
    this.lastTradeTime = time;
    this.booked += 1;
    this.trades.emit(trade);
    return trade;
  }

  private scheduleMinuteClose(): void {
    clearTimeout(this.minuteTimer);
    const now = this.clock.now();
    const delay = (minuteOf(now) + 1) * MINUTE_MS - now;
    this.minuteTimer = setTimeout(() => {
      this.sync();
      this.scheduleMinuteClose();
    }, delay);
  }
}
