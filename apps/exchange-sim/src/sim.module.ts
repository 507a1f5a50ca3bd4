import { type DynamicModule, Module, type Provider, type Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { SimControlController } from './control/sim-control.controller';
import { DarkMode } from './dark/dark-mode';
import { KrakenRestController } from './kraken/rest/kraken-rest.controller';
import { KrakenCallCounter } from './kraken/rest/kraken-call-counter';
import { KrakenMarket } from './kraken/kraken-market';
import { KrakenFeedPublisher } from './kraken/stream/kraken-feed.publisher';
import { KrakenStreamGateway } from './kraken/stream/kraken-stream.gateway';
import { RecentTrades } from './kraken/recent-trades';
import { SimStatsService } from './stats/sim-stats.service';
import { Clock, OffsetClock } from './market/clock';
import { MarketService } from './market/market.service';
import { PriceSkew } from './market/price-skew';
import { BinanceErrorFilter } from './rest/binance-error.filter';
import { KlinesController } from './rest/klines.controller';
import { MarketDataController } from './rest/market-data.controller';
import { WeightLimiter } from './rest/weight-limiter';
import { SimEnvironment } from './sim.environment';
import { LiveFeed } from './stream/live-feed';
import { MarketStreamPublisher } from './stream/market-stream.publisher';
import { StreamGateway } from './stream/stream.gateway';

interface WireFormat {
  readonly controllers: Type[];
  readonly providers: Provider[];
}

/** Binance and Binance.US: one wire format, each with its own limits from the environment. */
function binanceWire(): WireFormat {
  return {
    controllers: [KlinesController, MarketDataController],
    providers: [
      { provide: APP_FILTER, useClass: BinanceErrorFilter },
      StreamGateway,
      { provide: LiveFeed, useExisting: StreamGateway },
      MarketStreamPublisher,
    ],
  };
}

/** Kraken's REST (/0/public) and Spot WebSocket v2 (/v2). */
function krakenWire(env: SimEnvironment): WireFormat {
  return {
    controllers: [KrakenRestController],
    providers: [
      {
        provide: KrakenCallCounter,
        useValue: new KrakenCallCounter(
          env.SIM_KRAKEN_COUNTER_MAX,
          Number(env.SIM_KRAKEN_COUNTER_DECAY_PER_SECOND),
        ),
      },
      KrakenMarket,
      RecentTrades,
      KrakenStreamGateway,
      { provide: LiveFeed, useExisting: KrakenStreamGateway },
      KrakenFeedPublisher,
    ],
  };
}

@Module({})
export class SimModule {
  static register(env: SimEnvironment): DynamicModule {
    const wire = env.SIM_EXCHANGE === 'kraken' ? krakenWire(env) : binanceWire();
    return {
      module: SimModule,
      controllers: [...wire.controllers, SimControlController],
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
        DarkMode,
        MarketService,
        PriceSkew,
        SimStatsService,
        ...wire.providers,
      ],
    };
  }
}
