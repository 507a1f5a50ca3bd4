import { Module } from '@nestjs/common';
import { ChangesModule } from '../changes/changes.module';
import { HistoryModule } from './history/history.module';
import { MarketMirror } from './mirror/market-mirror';
import { MirrorSeeder } from './mirror/mirror-seeder';
import { MarketDataService } from './prices/market-data.service';
import { PricesController } from './prices/prices.controller';
import { PriceSource } from './source/price-source';

/**
 * The three read operations over REST (the WebSocket streams reuse MarketDataService): the in-memory
 * mirror for the hottest reads, Redis for the rest, the history read-through for older klines.
 */
@Module({
  imports: [ChangesModule, HistoryModule],
  controllers: [PricesController],
  providers: [MirrorSeeder, MarketMirror, MarketDataService, PriceSource],
  exports: [MarketDataService, PriceSource, MarketMirror],
})
export class MarketDataModule {}
