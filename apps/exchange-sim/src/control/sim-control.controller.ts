import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  Post,
  UsePipes,
  ValidationPipe,
} from '@nestjs/common';
import { parsePriceTicks, parseQuantitySteps } from '@pds/market';
import type { Halt } from '../market/halts';
import { MarketHaltedError, MarketService } from '../market/market.service';
import { WeightLimiter } from '../rest/weight-limiter';
import { StreamGateway } from '../stream/stream.gateway';
import { InjectTradeDto } from './dto/inject-trade.dto';
import { MalformedDto } from './dto/malformed.dto';
import { SilenceDto } from './dto/silence.dto';
import { WeightBudgetDto } from './dto/weight-budget.dto';
import { type RequestCounters, SimStatsService } from '../stats/sim-stats.service';

export interface SimStats extends RequestCounters {
  readonly streamConnections: number;
  readonly tradeCount: number;
}

/** Test and demo controls: inject trades and faults, tune the weight budget, read what clients did. */
@Controller('sim')
@UsePipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true }))
export class SimControlController {
  constructor(
    private readonly market: MarketService,
    private readonly gateway: StreamGateway,
    private readonly limiter: WeightLimiter,
    private readonly stats: SimStatsService,
  ) {}

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
    const trade = whileTrading(() =>
      this.market.injectTrade({ priceTicks, quantitySteps, buyerIsMaker: body.isBuyerMaker ?? false }),
    );
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
    return { notified: this.gateway.sendShutdownNotice() };
  }

  @Post('malformed')
  @HttpCode(200)
  malformed(@Body() body?: MalformedDto): { sent: number } {
    return { sent: this.gateway.sendMalformed(body?.kind ?? 'invalid-json') };
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
      streamConnections: this.gateway.connectionCount,
      tradeCount: this.market.tradeCount,
    };
  }

  /** Zeroes the request counters and forgets the current weight window and any ban. */
  @Post('stats/reset')
  @HttpCode(200)
  resetStatistics(): SimStats {
    this.stats.reset();
    this.limiter.reset();
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
