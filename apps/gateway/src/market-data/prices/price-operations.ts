import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentKlineQueryDto } from './dto/current-kline-query.dto';
import type { KlinesQueryDto } from './dto/klines-query.dto';
import { PricesController } from './prices.controller';

/** The controller's operations that the price lane serves (bootstrap/lane-routes.ts). */
export const LANE_OPERATIONS = ['getCurrentPrice', 'getKlines', 'getCurrentKline'] as const;

export type LaneOperation = (typeof LANE_OPERATIONS)[number];

/**
 * A lane operation's call of its controller method with its arguments, once the checks passed and
 * the query is validated. A promise only when the answer waits (Redis, the exchange).
 */
export type PriceAnswer = (
  query: object,
  request: FastifyRequest,
  reply: FastifyReply,
) => string | Buffer | Promise<string | Buffer>;

/**
 * Each lane operation's call. Its path, query DTO, bucket and headers are the controller's own
 * declaration (operations/operation-route.ts reads them); only the arguments are given here.
 */
export function priceAnswers(controller: PricesController): Record<LaneOperation, PriceAnswer> {
  return {
    getCurrentPrice: (query, _request, reply) => controller.getCurrentPrice(query, reply),
    getKlines: (query, request, reply) =>
      controller.getKlines(query as KlinesQueryDto, request.deadline ?? undefined, reply),
    getCurrentKline: (query, _request, reply) =>
      controller.getCurrentKline(query as CurrentKlineQueryDto, reply),
  };
}
