import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../market/clock';
import type { SimStatsService } from '../../stats/sim-stats.service';
import { failed, RATE_LIMITED } from './kraken-answer';
import type { KrakenCallCounter } from './kraken-call-counter';

const API_PREFIX = '/0/';

export interface KrakenCallLimitDependencies {
  readonly counter: KrakenCallCounter;
  readonly stats: SimStatsService;
  readonly clock: Clock;
}

/**
 * Counts every /0/ call against Kraken's call counter before routing, and answers a call over it as
 * Kraken does: HTTP 200 with `{"error":["EAPI:Rate limit exceeded"]}`.
 */
export function registerKrakenCallLimit(
  fastify: FastifyInstance,
  dependencies: KrakenCallLimitDependencies,
): void {
  const { counter, stats, clock } = dependencies;
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = new URL(request.url, 'http://sim').pathname;
    if (!path.startsWith(API_PREFIX)) return;
    stats.countRequest(path);
    if (counter.admit(request.ip, clock.now())) {
      stats.countWeight(1);
      return;
    }
    stats.countRateLimited();
    return reply.code(200).type('application/json').send(failed(RATE_LIMITED));
  });
  fastify.addHook('onSend', async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header('Date', new Date(clock.now()).toUTCString());
    return payload;
  });
}
