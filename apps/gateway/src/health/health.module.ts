import { Module } from '@nestjs/common';
import { MarketDataModule } from '../market-data/market-data.module';
import { HealthController } from './health.controller';

/** `GET /health`: liveness, the age of the newest market data and its exchange, for load balancers. */
@Module({
  imports: [MarketDataModule],
  controllers: [HealthController],
})
export class HealthModule {}
