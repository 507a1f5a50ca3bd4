import { Module } from '@nestjs/common';
import { ChangesModule } from '../changes/changes.module';
import { MarketDataModule } from '../market-data/market-data.module';
import { GatewayReadiness } from './gateway-readiness';
import { HealthController } from './health.controller';

/** `GET /health`: liveness, and readiness of this replica with the exchanges' freshness beside it. */
@Module({
  imports: [ChangesModule, MarketDataModule],
  controllers: [HealthController],
  providers: [GatewayReadiness],
})
export class HealthModule {}
