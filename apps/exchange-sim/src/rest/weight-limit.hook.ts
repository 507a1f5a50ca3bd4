import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimStatsService } from '../stats/sim-stats.service';
import type { Clock } from '../market/clock';
import type { BinanceErrorBody } from './binance-error';
import { requestWeight } from './request-weight';
import type { Admission, WeightLimiter } from './weight-limiter';

const API_PREFIX = '/api/';
export const USED_WEIGHT_HEADER = 'X-MBX-USED-WEIGHT-1M';

export interface WeightLimitDependencies {
  readonly limiter: WeightLimiter;
  readonly stats: SimStatsService;
  readonly clock: Clock;
  /** Binance and Binance.US weigh some endpoints differently. */
  readonly exchange: string;
}

/**
 * Charges every /api request its weight before routing to the controller, answers 429/418 in
 * Binance's form when the budget is spent, and stamps X-MBX-USED-WEIGHT-1M on every /api answer.
 * A Fastify hook rather than a Nest guard so that unknown /api paths are charged and stamped too.
 */
export function registerWeightLimit(fastify: FastifyInstance, dependencies: WeightLimitDependencies): void {
  const { limiter, stats, clock, exchange } = dependencies;
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://sim');
    if (!url.pathname.startsWith(API_PREFIX)) return;
    stats.countRequest(url.pathname);
    const weight = requestWeight(url.pathname, url.searchParams, exchange);
    const admission = limiter.admit(weight, clock.now());
    if (admission.kind === 'admitted') {
      stats.countWeight(weight);
      return;
    }
    if (admission.kind === 'rate-limited') stats.countRateLimited();
    else stats.countBanned();
    return reply
      .code(admission.kind === 'rate-limited' ? 429 : 418)
      .header('Retry-After', String(admission.retryAfterSeconds))
      .type('application/json')
      .send(refusal(admission, limiter.perMinute));
  });
  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // The HTTP Date is the exchange's clock as clients see it: with a clock offset it must move too.
    reply.header('Date', new Date(clock.now()).toUTCString());
    // A restricted-location refusal comes from before the API (dark mode 451): no weight header.
    if (request.url.startsWith(API_PREFIX) && reply.statusCode !== 451)
      reply.header(USED_WEIGHT_HEADER, String(limiter.used(clock.now())));
    return payload;
  });
}

function refusal(admission: Exclude<Admission, { kind: 'admitted' }>, perMinute: number): BinanceErrorBody {
  if (admission.kind === 'banned') {
    return {
      code: -1003,
      msg: `Way too much request weight used; IP banned until ${admission.until}. Please use WebSocket Streams for live updates to avoid bans.`,
    };
  }
  return {
    code: -1003,
    msg: `Too much request weight used; current limit is ${perMinute} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`,
  };
}
