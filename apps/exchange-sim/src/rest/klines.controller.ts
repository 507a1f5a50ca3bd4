import { Controller, Get, Query } from '@nestjs/common';
import { MarketService } from '../market/market.service';
import { type KlineRow, klineRow } from './kline-row';
import { parseKlinesQuery } from './klines-query';
import type { RawQuery } from './query-reader';

@Controller('api/v3')
export class KlinesController {
  constructor(private readonly market: MarketService) {}

  /** Binance's kline rows; the last one may be the kline still open, as on Binance. */
  @Get('klines')
  klines(@Query() query: RawQuery): KlineRow[] {
    const { interval, ...window } = parseKlinesQuery(query);
    return this.market.klines(interval, window).map(klineRow);
  }
}
