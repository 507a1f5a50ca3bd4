import { Module } from '@nestjs/common';
import { PagesModule } from '../pages/pages.module';
import { DemoController } from './demo.controller';

/** `GET /demo`: a live price and candlestick page for people, fed by the public WebSocket API. */
@Module({
  imports: [PagesModule],
  controllers: [DemoController],
})
export class DemoModule {}
