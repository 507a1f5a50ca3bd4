import { Controller, Get, Header, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { DEFAULT_SYMBOL } from '@pds/market';
import { RateLimitBucket, RateLimited } from '../entitlements';
import { ApiKeySecurity } from '../docs/api-key-security.decorator';
import { RATE_LIMIT_HEADERS, RETRY_AFTER_HEADER } from '../docs/response-headers';
import { describeWebSocketForm } from '../docs/websocket-forms';
import { ErrorBodyDto } from '../errors/error-body.dto';
import { klinesWindowOf } from '../market-data/klines/klines-selection';
import { KlinesQueryDto } from '../market-data/prices/dto/klines-query.dto';
import { KlinesResponseDto } from '../market-data/prices/dto/price.dto';
import { PriceQueryDto } from '../market-data/prices/dto/price-query.dto';
import { IndexPriceDto } from './dto/index-price.dto';
import { IndexPriceService } from './index-price.service';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The index operations (docs/index.md): opt-in beside the configured exchange's price, which is unchanged. */
@ApiTags('index')
@ApiKeySecurity()
@ApiBadRequestResponse({
  type: ErrorBodyDto,
  description: 'VALIDATION_ERROR, naming each failing parameter and its rule',
  headers: RATE_LIMIT_HEADERS,
})
@Controller('api/v1/index')
export class IndexPriceController {
  constructor(private readonly index: IndexPriceService) {}

  @Get('current')
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({
    operationId: 'getIndex',
    summary: 'The index price: the median of the live exchanges, with its band and components',
    description:
      'Computed every second on the UTC grid from the exchanges the service follows (EXCHANGE and ' +
      'EXCHANGE_STANDBYS: Binance, Binance.US, Kraken; docs/index.md): the ' +
      'median of the latest prices of the exchanges whose feed is live, whose last trade is at most 30 s ' +
      'old and which lie within 10 % of the others (an excluded one comes back within 5 %); `confidence` ' +
      'is half the spread of the included prices. Answers 503 INDEX_UNAVAILABLE, naming how many sources ' +
      'are live, while fewer than two are included.\n\n' +
      describeWebSocketForm({
        snapshot: 'the newest second as in the 200 answer, or the INDEX_UNAVAILABLE error body',
        pushes:
          'one frame per second: the index as in the 200 answer, or the INDEX_UNAVAILABLE error body for ' +
          'a second without a value (the stream stays open).',
      }),
  })
  @ApiOkResponse({
    type: IndexPriceDto,
    description: 'The newest second of the index',
    headers: RATE_LIMIT_HEADERS,
  })
  @ApiServiceUnavailableResponse({
    type: ErrorBodyDto,
    description:
      'INDEX_UNAVAILABLE: fewer than two sources included now; the message names how many are live',
    headers: RETRY_AFTER_HEADER,
  })
  @RateLimited(RateLimitBucket.getIndex)
  getIndex(@Query() query: PriceQueryDto): string | Promise<string> {
    return this.index.current(query.symbol ?? DEFAULT_SYMBOL);
  }

  @Get('klines')
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({
    operationId: 'getIndexKlines',
    summary: "The index's klines and its current open kline",
    description:
      'Klines of the per-second index values, with the range, order and limit rules of getKlines: open, ' +
      "high, low and close of the seconds with a value, `volume` the included exchanges' volume in them, " +
      '`trades` the number of such seconds. History starts when the service first computed the index and ' +
      'is kept for the newest 1000 klines of each interval; a slot without any value is a gap (there is ' +
      'no exchange history to read through).\n\n' +
      describeWebSocketForm({
        snapshot: '`{"klines":[...]}` as in the 200 answer',
        pushes:
          '`{"klines":[...]}` holding only the klines that changed; clients upsert by `openTime`. Only klines ' +
          'inside the requested range are pushed.',
        more: 'A range that ends in the past gets its snapshot, then the close 1000.',
      }),
  })
  @ApiOkResponse({ type: KlinesResponseDto, description: "The index's klines", headers: RATE_LIMIT_HEADERS })
  @ApiServiceUnavailableResponse({
    type: ErrorBodyDto,
    description: 'INDEX_UNAVAILABLE: no index computed yet (a request without a range)',
    headers: RETRY_AFTER_HEADER,
  })
  @RateLimited(RateLimitBucket.getIndexKlines)
  async getIndexKlines(@Query() query: KlinesQueryDto): Promise<string> {
    const symbol = query.symbol ?? DEFAULT_SYMBOL;
    const klines = await this.index.klines(symbol, query.interval, klinesWindowOf(query));
    return `{"klines":[${klines.join(',')}]}`;
  }
}
