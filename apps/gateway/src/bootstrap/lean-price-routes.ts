import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppLogger } from '@pds/observability';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { RATE_LIMIT_BUCKET } from '../entitlements';
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
): void {
  const operations = priceOperations(app.get(PricesController));
  const authenticator = app.get(Authenticator);
  const limit = app.get(RequestLimit);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route: RouteOptions) => {
      const operation = operations[route.url];
      if (operation === undefined || route.method !== 'GET') return;
      route.handler = leanHandler(operation, { authenticator, limit, pipe, logger });
    });
}

interface Checks {
  readonly authenticator: Authenticator;
  readonly limit: RequestLimit;
  readonly pipe: QueryValidationPipe;
  readonly logger: AppLogger;
}

function leanHandler(operation: PriceOperation, checks: Checks): Handler {
  const handler: unknown = Reflect.get(PricesController.prototype, operation.method);
  const bucket = Reflect.getMetadata(RATE_LIMIT_BUCKET, handler as object) as string | undefined;
  if (bucket === undefined) throw new Error(`${operation.method} has no rate-limit bucket`);
  const metadata = { type: 'query', metatype: operation.query } as const;
  return async (request, reply) => {
    try {
      const found = authenticateRequest(checks.authenticator, request);
      const principal = found instanceof Promise ? await found : found;
      await checks.limit.count(principal, bucket, reply);
      void reply.header('Content-Type', JSON_TYPE);
      const query = checks.pipe.transform(request.query, metadata) as object;
      const body = await operation.answer(query, request, reply);
      // Past its deadline the request was answered 503; what it answers now is dropped.
      return reply.sent ? undefined : body;
    } catch (error) {
      answerThrown(error, reply, checks.logger);
      return undefined;
    }
  };
}
