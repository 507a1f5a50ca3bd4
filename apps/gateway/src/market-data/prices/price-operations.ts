import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentKlineQueryDto } from './dto/current-kline-query.dto';
import { KlinesQueryDto } from './dto/klines-query.dto';
import { PriceQueryDto } from './dto/price-query.dto';
import { PricesController } from './prices.controller';

/** A price operation as the lean path calls it: its method, its query DTO, and the call. */
export interface PriceOperation {
  /** The controller method's name; its decorators (the rate-limit bucket) are read from it. */
  readonly method: keyof PricesController;
  readonly query: new () => object;
  /** A promise only when the answer waits (Redis, the exchange): the mirror answers at once. */
  readonly answer: (
    query: object,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => string | Buffer | Promise<string | Buffer>;
}

/** The paths of the price operations, as the controller's routes are registered. */
export const PRICE_OPERATION_PATHS = [
  '/api/v1/prices/current',
  '/api/v1/prices/klines',
  '/api/v1/prices/klines/current',
] as const;

/** The controller's three operations by route URL, each calling its handler with its arguments. */
export function priceOperations(controller: PricesController): Record<string, PriceOperation> {
  const [current, klines, currentKline] = PRICE_OPERATION_PATHS;
  return {
    [current]: {
      method: 'getCurrentPrice',
      query: PriceQueryDto,
      answer: (query, _request, reply) => controller.getCurrentPrice(query, reply),
    },
    [klines]: {
      method: 'getKlines',
      query: KlinesQueryDto,
      answer: (query, request, reply) =>
        controller.getKlines(query as KlinesQueryDto, request.deadline ?? undefined, reply),
    },
    [currentKline]: {
      method: 'getCurrentKline',
      query: CurrentKlineQueryDto,
      answer: (query, _request, reply) => controller.getCurrentKline(query as CurrentKlineQueryDto, reply),
    },
  };
}
