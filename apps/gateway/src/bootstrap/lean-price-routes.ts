import { performance } from 'node:perf_hooks';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppLogger } from '@pds/observability';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { RATE_LIMIT_BUCKET } from '../entitlements';
import { startDeadline } from '../deadline/http-deadlines';
import { answerThrown } from '../errors/all-exceptions.filter';
import { Authenticator, principalOfRequest } from '../keys';
import { HttpMetrics } from '../metrics/http-metrics';
import type { RouteTally } from '../metrics/route-tallies';
import { type PriceOperation, priceOperations } from '../market-data/prices/price-operations';
import { PricesController } from '../market-data/prices/prices.controller';
import { RequestLimit } from '../rate-limit/request-limit';
import type { QueryValidationPipe } from '../validation/query-validation.pipe';
import type { PriceLane } from './price-lane';

const JSON_TYPE = 'application/json; charset=utf-8';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** A lane route's tallies by method (Fastify adds the HEAD route of each GET route). */
interface LaneTallies {
  readonly get: RouteTally;
  readonly head: RouteTally;
}

/**
 * The price operations answer through a lean Fastify handler instead of Nest's per-request
 * pipeline (its execution context, guard and pipe consumers and promise chain were a fifth of the
 * cost of a price request): the same checks in the same order (API key 401, rate limit 429,
 * validation 400), the same controller method, headers and error answers. Nest still registers
 * the routes (the OpenAPI document and the route hooks are unchanged); only the handler is swapped.
 * The price lane serves the same handlers on their exact paths, without any hook: its answers are
 * counted in the same metrics by the handler itself. Must run before the routes are registered.
 */
export function serveLeanPriceRoutes(
  app: NestFastifyApplication,
  lane: PriceLane,
  pipe: QueryValidationPipe,
  logger: AppLogger,
  deadlineMs: number,
): LeanPriceRoutes {
  const operations = priceOperations(app.get(PricesController));
  const checks = {
    authenticator: app.get(Authenticator),
    limit: app.get(RequestLimit),
    pipe,
    logger,
    deadlineMs,
  };
  const leanOperationOf = (route: RouteOptions) =>
    route.method === 'GET' ? operations[route.url] : undefined;
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route: RouteOptions) => {
      const operation = leanOperationOf(route);
      if (operation !== undefined) route.handler = leanHandler(operation, checks);
    });
  serveOnLane(lane, app.get(HttpMetrics), operations, checks);
  return { ownsDeadline: (route) => leanOperationOf(route) !== undefined };
}

/** The lane's routes, and its error answers in our shape. */
function serveOnLane(
  lane: PriceLane,
  metrics: HttpMetrics,
  operations: Record<string, PriceOperation>,
  checks: Checks,
): void {
  const { fastify } = lane;
  fastify.decorateRequest('deadline', null);
  // Nothing the handler does not catch should reach it; if anything does, it answers in our shape.
  fastify.setErrorHandler((error, _request, reply) => {
    answerThrown(error, reply, checks.logger);
  });
  for (const [url, operation] of Object.entries(operations)) {
    const tallies = { get: metrics.tallyOf('GET', url), head: metrics.tallyOf('HEAD', url) };
    fastify.get(url, leanHandler(operation, checks, tallies));
  }
}

export interface LeanPriceRoutes {
  /** The lean handler starts and settles its request's deadline itself (no route hooks for it). */
  readonly ownsDeadline: (route: RouteOptions) => boolean;
}

interface Checks {
  readonly authenticator: Authenticator;
  readonly limit: RequestLimit;
  readonly pipe: QueryValidationPipe;
  readonly logger: AppLogger;
  readonly deadlineMs: number;
}

function leanHandler(operation: PriceOperation, checks: Checks, tallies?: LaneTallies): Handler {
  const handler: unknown = Reflect.get(PricesController.prototype, operation.method);
  const bucket = Reflect.getMetadata(RATE_LIMIT_BUCKET, handler as object) as string | undefined;
  if (bucket === undefined) throw new Error(`${operation.method} has no rate-limit bucket`);
  const metadata = { type: 'query', metatype: operation.query } as const;
  return async (request, reply) => {
    const startedAt = performance.now();
    // Nothing waits before this (Fastify only parsed the request): the clock starts as the hook's did.
    const deadline = startDeadline(request, reply, checks.deadlineMs);
    try {
      const found = principalOfRequest(checks.authenticator, request);
      const principal = found instanceof Promise ? await found : found;
      await checks.limit.count(principal, bucket, reply);
      void reply.header('Content-Type', JSON_TYPE);
      const query = checks.pipe.transform(request.query, metadata) as object;
      const answered = operation.answer(query, request, reply);
      const body = answered instanceof Promise ? await answered : answered;
      // Past its deadline the request was answered 503; what it answers now is dropped.
      if (!reply.sent) reply.send(body);
    } catch (error) {
      answerThrown(error, reply, checks.logger);
    } finally {
      deadline.settle();
      // Answered by now (the write is synchronous), timed as a response hook would; an overdue 503
      // (answered by the deadline's timer) is recorded here, when the handler gives up.
      const tally = request.method === 'HEAD' ? tallies?.head : tallies?.get;
      tally?.record(reply.statusCode, (performance.now() - startedAt) / 1000);
    }
    return reply;
  };
}
