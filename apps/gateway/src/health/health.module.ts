import { Module } from '@nestjs/common';
import { MarketDataModule } from '../market-data/market-data.module';
import { GatewayReadiness } from './gateway-readiness';
import { HealthController } from './health.controller';

/** `GET /health`: liveness, the age of the newest market data and its exchange, for load balancers. */
@Module({
  imports: [MarketDataModule],
  controllers: [HealthController],
  providers: [GatewayReadiness],
})
export class HealthModule {}
