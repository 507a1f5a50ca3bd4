import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onResponseHookHandler,
  RouteOptions,
} from 'fastify';
import { sendApiException } from '../errors/all-exceptions.filter';
import { hooksOf } from '../route-hooks';
import { overdueAnswer, RequestDeadline } from './request-deadline';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's deadline (null on a request no route matched). */
    deadline: RequestDeadline | null;
  }
  interface FastifyContextConfig {
    /** See DeadlineAllowance. */
    deadlineAllowanceMs?: number;
  }
}

/**
 * For an operation that also waits on something other than Redis, bounded by its own timeout
 * (Argon2, Stripe): its deadline is the request deadline plus this much.
 */
export const DeadlineAllowance = (ms: number): MethodDecorator => RouteConfig({ deadlineAllowanceMs: ms });

/** The 503 of a request past its deadline, unless it was answered meanwhile. */
function answerOverdue(reply: FastifyReply): void {
  if (!reply.sent) sendApiException(reply, overdueAnswer());
}

/** Starts `request`'s deadline, `allowanceMs` beyond the budget: past it, the request is answered 503. */
export function startDeadline(
  request: FastifyRequest,
  reply: FastifyReply,
  budgetMs: number,
  allowanceMs = 0,
): RequestDeadline {
  request.deadline = new RequestDeadline(budgetMs, allowanceMs, () => {
    answerOverdue(reply);
  });
  return request.deadline;
}

/**
 * Gives every routed HTTP request a deadline from its arrival (CONTRACT: a request never hangs):
 * once it passes, the request is answered 503 with Retry-After and what it answers later is
 * dropped. Must run before the routes are registered, like HttpMetrics. A route for which
 * `ownsDeadline` is true starts and settles its deadline in its handler (the lean price path).
 */
export function boundEveryRequest(
  fastify: FastifyInstance,
  budgetMs: number,
  ownsDeadline: (route: RouteOptions) => boolean,
): void {
  fastify.decorateRequest('deadline', null);
  const settle: onResponseHookHandler = (request, _reply, done) => {
    request.deadline?.settle();
    done();
  };
  fastify.addHook('onRoute', (route: RouteOptions) => {
    if (ownsDeadline(route)) return;
    const allowanceMs = route.config?.deadlineAllowanceMs ?? 0;
    const start: onRequestHookHandler = (request, reply, done) => {
      startDeadline(request, reply, budgetMs, allowanceMs);
      done();
    };
    // First of the route's hooks: the clock starts before authentication reads Redis.
    route.onRequest = [start, ...hooksOf(route.onRequest)];
    route.onResponse = [...hooksOf(route.onResponse), settle];
  });
}

/** The handler's request deadline, for work that waits on something other than Redis. */
export const CurrentDeadline = createParamDecorator(
  (_data: unknown, context: ExecutionContext): RequestDeadline | undefined =>
    context.switchToHttp().getRequest<FastifyRequest>().deadline ?? undefined,
);
