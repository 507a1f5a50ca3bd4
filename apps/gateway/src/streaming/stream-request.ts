import { DEFAULT_SYMBOL, type Interval, type MarketSymbol } from '@pds/market';
import type { RedisKeys } from '@pds/redis';
import { CurrentKlineQueryDto } from '../prices/dto/current-kline-query.dto';
import { KlinesQueryDto } from '../prices/dto/klines-query.dto';
import { PriceQueryDto } from '../prices/dto/price-query.dto';
import { KLINES_LIMIT } from '../prices/dto/query-rules';
import { QueryValidationPipe } from '../prices/dto/query-validation.pipe';
import type { KlinesWindow } from '../prices/klines-selection';
import type { StreamKind } from './stream-route';

/** A validated stream request: what to snapshot and which channel to follow. */
export type StreamRequest =
  | { readonly kind: 'price'; readonly symbol: MarketSymbol }
  | { readonly kind: 'current-kline'; readonly symbol: MarketSymbol; readonly interval: Interval }
  | {
      readonly kind: 'klines';
      readonly symbol: MarketSymbol;
      readonly interval: Interval;
      readonly window: KlinesWindow;
    };

const pipe = new QueryValidationPipe();

function validated<T>(query: Record<string, unknown>, metatype: new () => T): T {
  return pipe.transform(query, { type: 'query', metatype }) as T;
}

/**
 * The query checked exactly as on HTTP (same DTOs, same pipe, same messages); throws the same
 * ApiException 400. The klines window is built as PricesController builds it.
 */
export function parseStreamRequest(kind: StreamKind, query: Record<string, unknown>): StreamRequest {
  switch (kind) {
    case 'price': {
      const dto = validated(query, PriceQueryDto);
      return { kind, symbol: dto.symbol ?? DEFAULT_SYMBOL };
    }
    case 'current-kline': {
      const dto = validated(query, CurrentKlineQueryDto);
      return { kind, symbol: dto.symbol ?? DEFAULT_SYMBOL, interval: dto.interval };
    }
    case 'klines': {
      const dto = validated(query, KlinesQueryDto);
      const window: KlinesWindow = {
        limit: dto.limit === undefined ? KLINES_LIMIT.default : Number(dto.limit),
        ...(dto.from === undefined ? {} : { from: Date.parse(dto.from) }),
        ...(dto.to === undefined ? {} : { to: Date.parse(dto.to) }),
      };
      return { kind, symbol: dto.symbol ?? DEFAULT_SYMBOL, interval: dto.interval, window };
    }
  }
}

export function channelOf(request: StreamRequest, keys: RedisKeys): string {
  return request.kind === 'price'
    ? keys.priceChannel(request.symbol)
    : keys.klineChannel(request.symbol, request.interval);
}

/** Requests with the same key have the same snapshot, so a resync reads it once for all of them. */
export function snapshotKeyOf(request: StreamRequest): string {
  switch (request.kind) {
    case 'price':
      return `price|${request.symbol}`;
    case 'current-kline':
      return `current-kline|${request.symbol}|${request.interval}`;
    case 'klines': {
      const { limit, from, to } = request.window;
      return `klines|${request.symbol}|${request.interval}|${limit}|${from ?? ''}|${to ?? ''}`;
    }
  }
}
