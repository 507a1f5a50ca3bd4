import type { AppLogger } from '@pds/observability';
import type { FastifyInstance } from 'fastify';

/**
 * One log line per request: method, route pattern, status, latency. The URL is never logged: its
 * query may carry `apiKey`, and the route pattern says what was asked without any parameter.
 */
export function logEveryRequest(fastify: FastifyInstance, logger: AppLogger): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    logger.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? '(unmatched)',
        status: reply.statusCode,
        latencyMs: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    );
    done();
  });
}
