import { Module } from '@nestjs/common';
import { MarketDataModule } from '../market-data/market-data.module';
import { IndexPriceController } from './index-price.controller';
import { IndexPriceService } from './index-price.service';

/** The index operations over REST (docs/index.md); the WebSocket streams reuse IndexPriceService. */
@Module({
  imports: [MarketDataModule],
  controllers: [IndexPriceController],
  providers: [IndexPriceService],
  exports: [IndexPriceService],
})
export class IndexPriceModule {}
