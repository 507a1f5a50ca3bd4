import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { SimControlController } from './control/sim-control.controller';
import { SimStatsService } from './stats/sim-stats.service';
import { Clock, OffsetClock } from './market/clock';
import { MarketService } from './market/market.service';
import { BinanceErrorFilter } from './rest/binance-error.filter';
import { KlinesController } from './rest/klines.controller';
import { MarketDataController } from './rest/market-data.controller';
import { WeightLimiter } from './rest/weight-limiter';
import { SimEnvironment } from './sim.environment';
import { MarketStreamPublisher } from './stream/market-stream.publisher';
import { StreamGateway } from './stream/stream.gateway';

@Module({})
export class SimModule {
  static register(env: SimEnvironment): DynamicModule {
    return {
      module: SimModule,
      controllers: [KlinesController, MarketDataController, SimControlController],
      providers: [
        { provide: SimEnvironment, useValue: env },
        { provide: Clock, useValue: new OffsetClock(env.SIM_CLOCK_OFFSET_MS) },
        {
          provide: WeightLimiter,
          useValue: new WeightLimiter({
            perMinute: env.SIM_WEIGHT_PER_MINUTE,
            banAfterRejections: env.SIM_BAN_AFTER_REJECTIONS,
            banMs: env.SIM_BAN_MS,
          }),
        },
        { provide: APP_FILTER, useClass: BinanceErrorFilter },
        MarketService,
        SimStatsService,
        StreamGateway,
        MarketStreamPublisher,
      ],
    };
  }
}
