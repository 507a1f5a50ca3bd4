import { Controller, Get, Query } from '@nestjs/common';
import { MarketService } from '../market/market.service';
import { SIM_SYMBOL } from '../market/market-events';
import { checkSymbol, QueryReader, type RawQuery } from './query-reader';

interface SymbolPrice {
  readonly symbol: string;
  readonly price: string;
}

@Controller('api/v3')
export class MarketDataController {
  constructor(private readonly market: MarketService) {}

  @Get('ping')
  ping(@Query() query: RawQuery): Record<string, never> {
    QueryReader.expectNone(query);
    return {};
  }

  @Get('time')
  time(@Query() query: RawQuery): { serverTime: number } {
    QueryReader.expectNone(query);
    return { serverTime: this.market.now() };
  }

  /** The last trade's price; without `symbol`, Binance answers the list of every symbol. */
  @Get('ticker/price')
  price(@Query() query: RawQuery): SymbolPrice | SymbolPrice[] {
    const reader = new QueryReader(query, ['symbol']);
    this.market.sync();
    const price = { symbol: SIM_SYMBOL, price: this.market.lastPrice() };
    if (!reader.has('symbol')) return [price];
    checkSymbol(reader.required('symbol'));
    return price;
  }
}
