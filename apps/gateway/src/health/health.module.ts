import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';

/** `GET /health`: liveness and the age of the newest market data, for load balancers. */
@Module({
  controllers: [HealthController],
})
export class HealthModule {}
