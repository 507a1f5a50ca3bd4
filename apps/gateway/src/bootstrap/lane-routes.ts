import { performance } from 'node:perf_hooks';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppLogger } from '@pds/observability';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answerThrown } from '../errors/all-exceptions.filter';
import type { RouteTally } from '../metrics/route-tallies';
import { LANE_OPERATIONS, type PriceAnswer, priceAnswers } from '../market-data/prices/price-operations';
import { PricesController } from '../market-data/prices/prices.controller';
import { type OperationRoute, operationRoute } from '../operations/operation-route';
import { ProtectedOperation } from '../operations/protected-operation';
import type { QueryValidationPipe } from '../validation/query-validation.pipe';
import type { PriceLane } from './price-lane';
import { expectLaneReproducesGlobals } from './lane-globals';
import type { RequestEnvelope } from './request-envelope';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The lane's operations as the controller declares them; throws if one declares what the lane skips. */
export const LANE_ROUTES: readonly (readonly [(typeof LANE_OPERATIONS)[number], OperationRoute])[] =
  LANE_OPERATIONS.map((method) => [method, operationRoute(PricesController, method)]);

/** The paths the lane takes from the gateway's server. */
export const LANE_PATHS: readonly string[] = LANE_ROUTES.map(([, route]) => route.path);

interface Steps {
  readonly envelope: RequestEnvelope;
  readonly operation: ProtectedOperation;
  readonly queries: QueryValidationPipe;
  readonly logger: AppLogger;
}

/**
 * The lane's routes: each runs a protected operation's pipeline as a plain function, in place of
 * Nest's per-request pipeline (its execution context, guard and pipe consumers and promise chain
 * were a fifth of the cost of a price request): the envelope's deadline, ProtectedOperation's
 * checks, the route's headers, the query pipe, the controller method, the envelope's tally and log.
 * The same steps as Nest's route of the operation, which stays registered (the OpenAPI document,
 * and every form of the path the lane does not take); nothing declared on the route is skipped
 * (operationRoute refuses one that declares a guard, pipe or interceptor of its own).
 */
export function serveOnLane(
  app: NestFastifyApplication,
  lane: PriceLane,
  steps: Omit<Steps, 'operation'>,
): void {
  expectLaneReproducesGlobals(app);
  const answers = priceAnswers(app.get(PricesController));
  const all: Steps = { ...steps, operation: app.get(ProtectedOperation) };
  const { fastify } = lane;
  fastify.decorateRequest('deadline', null);
  fastify.decorateRequest('apiKey', null);
  // Nothing the handler does not catch should reach it; if anything does, it answers in our shape.
  fastify.setErrorHandler((error, _request, reply) => {
    answerThrown(error, reply, steps.logger);
  });
  for (const [method, route] of LANE_ROUTES) {
    fastify.get(route.path, laneHandler(route, answers[method], all));
  }
}

function laneHandler(route: OperationRoute, answer: PriceAnswer, steps: Steps): Handler {
  const { envelope, operation, queries, logger } = steps;
  const { bucket, headers } = route;
  const metadata = { type: 'query', metatype: route.query } as const;
  const tallies = envelope.talliesOf(route.path);
  return async (request, reply) => {
    const startedAt = performance.now();
    envelope.openDeferred(request, reply, startedAt);
    try {
      const admitted = operation.admit(request, reply, bucket);
      if (admitted) await waiting(request, admitted);
      // Where Nest sets a route's @Header headers: once the guards passed.
      for (const { name, value } of headers) void reply.header(name, value);
      const query = queries.transform(request.query, metadata) as object;
      const answered = answer(query, request, reply);
      const body = answered instanceof Promise ? await waiting(request, answered) : answered;
      // Past its deadline the request was answered 503; what it answers now is dropped.
      if (!reply.sent) reply.send(body);
    } catch (error) {
      answerThrown(error, reply, logger);
    } finally {
      // Answered by now (the write is synchronous), timed as a response hook would; an overdue 503
      // (answered by the deadline's timer) is recorded here, when the handler gives up.
      const tally: RouteTally = request.method === 'HEAD' ? tallies.head : tallies.get;
      envelope.close(request, reply, tally, (performance.now() - startedAt) / 1000);
    }
    return reply;
  };
}

/** `wait`, once the request's deferred deadline is armed: it may now pass while the request waits. */
function waiting<T>(request: FastifyRequest, wait: Promise<T>): Promise<T> {
  request.deadline?.waiting();
  return wait;
}
