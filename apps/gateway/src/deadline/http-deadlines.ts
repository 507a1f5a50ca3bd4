import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendApiException } from '../errors/all-exceptions.filter';
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

/**
 * Starts `request`'s deadline, `allowanceMs` beyond the budget (CONTRACT: a request never hangs):
 * past it, the request is answered 503 with Retry-After and what it answers later is dropped.
 * Every routed request's starts on arrival (bootstrap/request-envelope.ts). Given `startedAt`
 * (performance.now() on arrival), the deadline counts from then but arms its timer only when the
 * request waits (RequestDeadline.deferred): the price lane's, answered at once on its common path.
 */
export function startDeadline(
  request: FastifyRequest,
  reply: FastifyReply,
  budgetMs: number,
  allowanceMs = 0,
  startedAt?: number,
): RequestDeadline {
  const onOverdue = (): void => {
    answerOverdue(reply);
  };
  request.deadline =
    startedAt === undefined
      ? new RequestDeadline(budgetMs, allowanceMs, onOverdue)
      : RequestDeadline.deferred(budgetMs, allowanceMs, onOverdue, startedAt);
  return request.deadline;
}

/** The handler's request deadline, for work that waits on something other than Redis. */
export const CurrentDeadline = createParamDecorator(
  (_data: unknown, context: ExecutionContext): RequestDeadline | undefined =>
    context.switchToHttp().getRequest<FastifyRequest>().deadline ?? undefined,
);
