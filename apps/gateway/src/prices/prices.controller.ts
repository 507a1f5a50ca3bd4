import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DEFAULT_SYMBOL } from '@pds/market';
import { ErrorBodyDto } from '../errors/error-body.dto';
import { ApiKeySecurity } from '../docs/api-key-security.decorator';
import { CurrentKlineQueryDto } from './dto/current-kline-query.dto';
import { KlinesQueryDto } from './dto/klines-query.dto';
import { KlineDto, KlinesResponseDto, PriceDto } from './dto/price.dto';
import { PriceQueryDto } from './dto/price-query.dto';
import { KLINES_LIMIT } from './dto/query-rules';
import { MarketDataService } from './market-data.service';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The three operations of the interface. Handlers return the stored JSON as it is (no parse and
 * re-serialise on the hot path); the handler names are the rate-limit buckets.
 */
@ApiTags('prices', 'external')
@ApiKeySecurity()
@ApiBadRequestResponse({ type: ErrorBodyDto, description: 'VALIDATION_ERROR' })
@Controller('api/v1/prices')
export class PricesController {
  constructor(private readonly marketData: MarketDataService) {}

  @Get('current')
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({ operationId: 'getCurrentPrice', summary: 'Latest price of a trading pair' })
  @ApiOkResponse({ type: PriceDto })
  getCurrentPrice(@Query() query: PriceQueryDto): Promise<string> {
    return this.marketData.currentPrice(query.symbol ?? DEFAULT_SYMBOL);
  }

  @Get('klines')
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({ operationId: 'getKlines', summary: 'Historical klines and the current open kline' })
  @ApiOkResponse({ type: KlinesResponseDto })
  getKlines(@Query() query: KlinesQueryDto): Promise<Buffer | string> {
    return this.marketData.klinesBody(query.symbol ?? DEFAULT_SYMBOL, query.interval, {
      limit: query.limit === undefined ? KLINES_LIMIT.default : Number(query.limit),
      ...(query.from === undefined ? {} : { from: Date.parse(query.from) }),
      ...(query.to === undefined ? {} : { to: Date.parse(query.to) }),
    });
  }

  @Get('klines/current')
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({ operationId: 'getCurrentKline', summary: 'The current open kline' })
  @ApiOkResponse({ type: KlineDto })
  getCurrentKline(@Query() query: CurrentKlineQueryDto): Promise<string> {
    return this.marketData.currentKline(query.symbol ?? DEFAULT_SYMBOL, query.interval);
  }
}
