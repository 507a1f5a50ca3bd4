import { Module } from '@nestjs/common';
import { GatewayReadiness } from './gateway-readiness';
import { HealthController } from './health.controller';

/** `GET /health`: liveness and the age of the newest market data, for load balancers. */
@Module({
  controllers: [HealthController],
  providers: [GatewayReadiness],
})
export class HealthModule {}
