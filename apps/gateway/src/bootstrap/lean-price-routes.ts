import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppLogger } from '@pds/observability';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { RATE_LIMIT_BUCKET } from '../entitlements';
import { startDeadline } from '../deadline/http-deadlines';
import { answerThrown } from '../errors/all-exceptions.filter';
import { type AuthenticatedRequest, authenticateRequest, Authenticator } from '../keys';
import { type PriceOperation, priceOperations } from '../market-data/prices/price-operations';
import { PricesController } from '../market-data/prices/prices.controller';
import { RequestLimit } from '../rate-limit/request-limit';
import type { QueryValidationPipe } from '../validation/query-validation.pipe';

const JSON_TYPE = 'application/json; charset=utf-8';

type Handler = (request: FastifyRequest & AuthenticatedRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * The price operations answer through a lean Fastify handler instead of Nest's per-request
 * pipeline (its execution context, guard and pipe consumers and promise chain were a fifth of the
 * cost of a price request): the same checks in the same order (API key 401, rate limit 429,
 * validation 400), the same controller method, headers and error answers. Nest still registers
 * the routes (the OpenAPI document and the route hooks are unchanged); only the handler is swapped.
 * Must run before the routes are registered.
 */
export function serveLeanPriceRoutes(
  app: NestFastifyApplication,
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
  return { ownsDeadline: (route) => leanOperationOf(route) !== undefined };
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

function leanHandler(operation: PriceOperation, checks: Checks): Handler {
  const handler: unknown = Reflect.get(PricesController.prototype, operation.method);
  const bucket = Reflect.getMetadata(RATE_LIMIT_BUCKET, handler as object) as string | undefined;
  if (bucket === undefined) throw new Error(`${operation.method} has no rate-limit bucket`);
  const metadata = { type: 'query', metatype: operation.query } as const;
  return async (request, reply) => {
    // Nothing waits before this (Fastify only parsed the request): the clock starts as the hook's did.
    const deadline = startDeadline(request, reply, checks.deadlineMs);
    try {
      const found = authenticateRequest(checks.authenticator, request);
      const principal = found instanceof Promise ? await found : found;
      await checks.limit.count(principal, bucket, reply);
      void reply.header('Content-Type', JSON_TYPE);
      const query = checks.pipe.transform(request.query, metadata) as object;
      const answered = operation.answer(query, request, reply);
      const body = answered instanceof Promise ? await answered : answered;
      // Past its deadline the request was answered 503; what it answers now is dropped.
      return reply.sent ? undefined : body;
    } catch (error) {
      answerThrown(error, reply, checks.logger);
      return undefined;
    } finally {
      deadline.settle();
    }
  };
}
