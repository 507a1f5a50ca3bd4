import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  Optional,
  Post,
  UsePipes,
  ValidationPipe,
} from '@nestjs/common';
import { parsePriceTicks, parseQuantitySteps } from '@pds/market';
import type { Halt } from '../market/halts';
import { MarketHaltedError, MarketService } from '../market/market.service';
import { PriceSkew } from '../market/price-skew';
import { WeightLimiter } from '../rest/weight-limiter';
import { DarkMode, type FeedMode } from '../dark/dark-mode';
import { KrakenCallCounter } from '../kraken/rest/kraken-call-counter';
import { SimEnvironment, type SimExchange } from '../sim.environment';
import { LiveFeed } from '../stream/live-feed';
import { DarkDto } from './dto/dark.dto';
import { InjectTradeDto } from './dto/inject-trade.dto';
import { MalformedDto } from './dto/malformed.dto';
import { SilenceDto } from './dto/silence.dto';
import { SkewDto } from './dto/skew.dto';
import { WeightBudgetDto } from './dto/weight-budget.dto';
import { type RequestCounters, SimStatsService } from '../stats/sim-stats.service';

export interface SimStats extends RequestCounters {
  readonly exchange: SimExchange;
  /** `light`, or the dark mode the exchange is in. */
  readonly mode: FeedMode;
  readonly streamConnections: number;
  readonly tradeCount: number;
}

/** Test and demo controls: inject trades and faults, tune the weight budget, read what clients did. */
@Controller('sim')
@UsePipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true }))
export class SimControlController {
  constructor(
    private readonly market: MarketService,
    private readonly gateway: LiveFeed,
    private readonly limiter: WeightLimiter,
    private readonly stats: SimStatsService,
    private readonly dark: DarkMode,
    private readonly env: SimEnvironment,
    private readonly skew: PriceSkew,
    /** Kraken's REST call counter; only the Kraken simulator has one. */
    @Optional() private readonly krakenCounter?: KrakenCallCounter,
  ) {}

  /** The exchange goes dark in one of section 11's ways; the market keeps trading meanwhile. */
  @Post('dark')
  @HttpCode(200)
  goDark(@Body() body: DarkDto): { mode: FeedMode } {
    this.dark.set(body.mode);
    return { mode: this.dark.mode };
  }

  /** Back to normal: connections accepted and fed again, REST answering as usual. */
  @Post('light')
  @HttpCode(200)
  light(): { mode: FeedMode } {
    this.dark.set('light');
    return { mode: this.dark.mode };
  }

  /**
   * From now on this exchange prints the market's price moved by `bps` basis points (0: back in line
   * with the others); injected trades keep the price they are given.
   */
  @Post('skew')
  @HttpCode(200)
  setSkew(@Body() body: SkewDto): { bps: number } {
    this.skew.set(body.bps);
    return { bps: this.skew.bps };
  }

  @Get('skew')
  currentSkew(): { bps: number } {
    return { bps: this.skew.bps };
  }

  @Post('trade')
  @HttpCode(200)
  trade(@Body() body: InjectTradeDto): { id: number; time: number } {
    const priceTicks = parsePriceTicks(body.price);
    const quantitySteps = parseQuantitySteps(body.qty);
    if (priceTicks === undefined) {
      throw new BadRequestException(
        'price must be a decimal string above 0, on the 0.01 tick, at most 1000000',
      );
    }
    if (quantitySteps === undefined) {
      throw new BadRequestException(
        'qty must be a decimal string above 0, on the 0.00001 step, at most 9000',
      );
    }
    const step = { priceTicks, quantitySteps, buyerIsMaker: body.isBuyerMaker ?? false };
    // A burst is booked in one synchronous run, so its frames leave back to back (50,000 at once).
    const trade = whileTrading(() => {
      let last = this.market.injectTrade(step);
      for (let booked = 1; booked < (body.count ?? 1); booked += 1) last = this.market.injectTrade(step);
      return last;
    });
    return { id: trade.id, time: trade.time };
  }

  /** Halts trading now: no trades, no klines, silent streams; the klines holding now are cut. */
  @Post('halt')
  @HttpCode(200)
  halt(): { from: number } {
    return { from: whileTrading(() => this.market.halt()) };
  }

  /** Resumes trading now, with off-grid klines realigned at the next minute boundary. */
  @Post('resume')
  @HttpCode(200)
  resume(): Halt {
    return whileTrading(() => this.market.resume());
  }

  @Post('disconnect')
  @HttpCode(200)
  disconnect(): { disconnected: number } {
    return { disconnected: this.gateway.disconnectAll() };
  }

  @Post('silence')
  @HttpCode(200)
  silence(@Body() body: SilenceDto): { silencedUntil: number } {
    return { silencedUntil: this.gateway.silence(body.ms) };
  }

  @Post('shutdown-notice')
  @HttpCode(200)
  shutdownNotice(): { notified: number } {
    return { notified: onThisExchange(this.gateway.sendShutdownNotice()) };
  }

  @Post('malformed')
  @HttpCode(200)
  malformed(@Body() body?: MalformedDto): { sent: number } {
    return { sent: onThisExchange(this.gateway.sendMalformed(body?.kind ?? 'invalid-json')) };
  }

  @Post('weight-budget')
  @HttpCode(200)
  weightBudget(@Body() body: WeightBudgetDto): { perMinute: number } {
    this.limiter.setBudget(body.perMinute);
    return { perMinute: this.limiter.perMinute };
  }

  @Get('stats')
  statistics(): SimStats {
    return {
      ...this.stats.requests,
      exchange: this.env.SIM_EXCHANGE,
      mode: this.dark.mode,
      streamConnections: this.gateway.connectionCount,
      tradeCount: this.market.tradeCount,
    };
  }

  /** Zeroes the request counters and forgets the current weight window, any ban and Kraken's counter. */
  @Post('stats/reset')
  @HttpCode(200)
  resetStatistics(): SimStats {
    this.stats.reset();
    this.limiter.reset();
    this.krakenCounter?.reset();
    return this.statistics();
  }
}

/** The market's refusals in its state (a trade during a halt, a resume without one) are 409s. */
function whileTrading<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    if (error instanceof MarketHaltedError) throw new ConflictException(error.message);
    throw error;
  }
}

/** A fault the exchange served has no form for (Binance's serverShutdown on Kraken) is a 409. */
function onThisExchange(count: number | undefined): number {
  if (count === undefined) throw new ConflictException('this fault does not exist on this exchange');
  return count;
}
