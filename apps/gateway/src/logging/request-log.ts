import type { AppLogger } from '@pds/observability';
import type { FastifyRequest } from 'fastify';

/**
 * The one log line of a request: method, route pattern, status, latency. The URL is never logged:
 * its query may carry `apiKey`, and the route pattern says what was asked without any parameter.
 */
export function logRequest(
  logger: AppLogger,
  request: FastifyRequest,
  status: number,
  seconds: number,
): void {
  logger.info(
    {
      method: request.method,
      route: request.routeOptions.url ?? '(unmatched)',
      status,
      latencyMs: Math.round(seconds * 100_000) / 100,
    },
    'request',
  );
}
