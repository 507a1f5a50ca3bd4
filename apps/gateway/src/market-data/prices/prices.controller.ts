import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DEFAULT_SYMBOL } from '@pds/market';
import type { SourcedRecord } from '@pds/redis';
import type { FastifyReply } from 'fastify';
import { RateLimitBucket, RateLimited } from '../../entitlements';
import { CurrentDeadline } from '../../deadline/http-deadlines';
import type { RequestDeadline } from '../../deadline/request-deadline';
import { ErrorBodyDto } from '../../errors/error-body.dto';
import { ApiKeySecurity } from '../../docs/api-key-security.decorator';
import { PRICE_HEADERS, RATE_LIMIT_HEADERS } from '../../docs/response-headers';
import { describeWebSocketForm } from '../../docs/websocket-forms';
import { CurrentKlineQueryDto } from './dto/current-kline-query.dto';
import { KlinesQueryDto } from './dto/klines-query.dto';
import { KlineDto, KlinesResponseDto, PriceDto } from './dto/price.dto';
import { PriceQueryDto } from './dto/price-query.dto';
import { klinesWindowOf } from '../klines/klines-selection';
import { PriceSource } from '../source/price-source';
import type { KlinesAnswer } from './klines-bodies';
import { MarketDataService } from './market-data.service';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The three operations of the interface. Handlers return the stored JSON as it is (no parse and
 * re-serialise on the hot path).
 */
@ApiTags('prices', 'external')
@ApiKeySecurity()
@ApiBadRequestResponse({
  type: ErrorBodyDto,
  description: 'VALIDATION_ERROR, naming each failing parameter and its rule',
  headers: RATE_LIMIT_HEADERS,
})
@Controller('api/v1/prices')
export class PricesController {
  constructor(
    private readonly marketData: MarketDataService,
    private readonly source: PriceSource,
  ) {}

  @Get('current')
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({
    operationId: 'getCurrentPrice',
    summary: 'Latest price of a trading pair',
    description:
      'The last trade price the exchange reported for the pair, with its time. ' +
      'Answers 503 with Retry-After while the service has no price yet.\n\n' +
      describeWebSocketForm({
        snapshot: 'a Price as in the 200 answer',
        pushes: 'a Price frame for each new last price.',
      }),
  })
  @ApiOkResponse({ type: PriceDto, description: 'The latest price', headers: PRICE_HEADERS })
  @RateLimited(RateLimitBucket.getCurrentPrice)
  getCurrentPrice(
    @Query() query: PriceQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): string | Promise<string> {
    return this.answer(this.marketData.currentPrice(query.symbol ?? DEFAULT_SYMBOL), reply);
  }

  @Get('klines')
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({
    operationId: 'getKlines',
    summary: 'Historical klines and the current open kline',
    description:
      'Klines of one interval in ascending openTime. Without `from` and `to`, the `limit` most recent ' +
      'ones, the last being the current open kline (`isClosed: false`); with a range, the klines whose ' +
      'openTime is inside it, at most `limit`. Closed klines are contiguous. History the service does ' +
      'not hold yet is fetched from the exchange first; if that takes too long the answer is 503 with ' +
      'Retry-After, never a partial list.\n\n' +
      describeWebSocketForm({
        snapshot: '`{"klines":[...]}` as in the 200 answer',
        pushes:
          '`{"klines":[...]}` holding only the klines that changed (the open one, and the one just ' +
          'closed at a rollover); clients upsert by `openTime`. Only klines inside the requested range are pushed.',
        more: 'A range that ends in the past gets its snapshot, then the close 1000.',
      }),
  })
  @ApiOkResponse({ type: KlinesResponseDto, description: 'The klines', headers: PRICE_HEADERS })
  @RateLimited(RateLimitBucket.getKlines)
  getKlines(
    @Query() query: KlinesQueryDto,
    @CurrentDeadline() deadline: RequestDeadline | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Buffer | string | Promise<Buffer | string> {
    const symbol = query.symbol ?? DEFAULT_SYMBOL;
    const answer = this.marketData.klinesBody(symbol, query.interval, klinesWindowOf(query), deadline);
    return answer instanceof Promise
      ? answer.then((found) => this.klinesAnswer(found, reply))
      : this.klinesAnswer(answer, reply);
  }

  @Get('klines/current')
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({
    operationId: 'getCurrentKline',
    summary: 'The current open kline',
    description:
      'The kline of the given interval that is still open (`isClosed: false`), as it stands now. ' +
      'Answers 503 with Retry-After while the service has no market data yet.\n\n' +
      describeWebSocketForm({
        snapshot: 'a Kline as in the 200 answer',
        pushes:
          'a Kline frame for each update of the open kline; when the interval rolls over, first the ' +
          'closed kline (`isClosed: true`), then the new open kline.',
      }),
  })
  @ApiOkResponse({ type: KlineDto, description: 'The open kline', headers: PRICE_HEADERS })
  @RateLimited(RateLimitBucket.getCurrentKline)
  getCurrentKline(
    @Query() query: CurrentKlineQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): string | Promise<string> {
    return this.answer(this.marketData.currentKline(query.symbol ?? DEFAULT_SYMBOL, query.interval), reply);
  }

  /** The record's JSON with its exchange named; at once when the mirror had it (no promise). */
  private answer(
    record: SourcedRecord | Promise<SourcedRecord>,
    reply: FastifyReply,
  ): string | Promise<string> {
    if (record instanceof Promise) return record.then((found) => this.answer(found, reply));
    this.nameSource(reply, record.source);
    return record.json;
  }

  private klinesAnswer(answer: KlinesAnswer, reply: FastifyReply): Buffer | string {
    this.nameSource(reply, answer.source);
    return answer.body;
  }

  /**
   * The exchange stored with the answer's newest value (CONTRACT section 11). A value stored without
   * one (written before the field existed, or closed history) is named by the serving exchange.
   */
  private nameSource(reply: FastifyReply, stored: string | undefined): void {
    const exchange = stored ?? this.source.exchange;
    if (exchange !== undefined) void reply.header('X-Price-Source', exchange);
  }
}
