import { Module } from '@nestjs/common';
import { DemoAssets } from './demo-assets';
import { DemoController } from './demo.controller';

/** `GET /demo`: a live price and candlestick page for people, fed by the public WebSocket API. */
@Module({
  controllers: [DemoController],
  providers: [DemoAssets],
})
export class DemoModule {}
