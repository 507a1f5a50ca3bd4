import type { AppLogger } from '@pds/observability';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import { startDeadline } from '../deadline/http-deadlines';
import { logRequest } from '../logging/request-log';
import type { HttpMetrics } from '../metrics/http-metrics';
import type { RouteTally } from '../metrics/route-tallies';
import { hooksOf } from '../route-hooks';

type Closer = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

function methodOf(route: RouteOptions): string {
  return Array.isArray(route.method) ? route.method.join(',') : String(route.method);
}

/**
 * What surrounds every routed HTTP request, whichever Fastify instance answers it: its deadline
 * from its arrival, then, once answered, its tally in the metrics and its log line (when
 * LOG_REQUESTS). The one place for the three: Nest's instance runs it as each route's first and
 * last hook (`surround`); the price lane's handler calls `open` and `close` itself, as its instance
 * has no hook (bootstrap/price-lane.ts).
 */
export class RequestEnvelope {
  constructor(
    private readonly metrics: HttpMetrics,
    private readonly deadlineMs: number,
    /** Given only when every request is logged (LOG_REQUESTS). */
    private readonly requestLog: AppLogger | undefined,
  ) {}

  /** On arrival: the request's deadline starts, before anything waits on Redis. */
  open(request: FastifyRequest, reply: FastifyReply, allowanceMs = 0): void {
    startDeadline(request, reply, this.deadlineMs, allowanceMs);
  }

  /**
   * As `open`, for a handler that calls `request.deadline.waiting()` before each wait (the lane):
   * the deadline counts from `startedAt`, its timer armed only if the request waits.
   */
  openDeferred(request: FastifyRequest, reply: FastifyReply, startedAt: number): void {
    startDeadline(request, reply, this.deadlineMs, 0, startedAt);
  }

  /** Answered, or abandoned past its deadline (answered 503 then): the clock stops; counted, logged. */
  close(request: FastifyRequest, reply: FastifyReply, tally: RouteTally, seconds: number): void {
    request.deadline?.settle();
    tally.record(reply.statusCode, seconds);
    if (this.requestLog !== undefined) logRequest(this.requestLog, request, reply.statusCode, seconds);
  }

  /** A route of an instance without hooks (the lane): its tallies for GET and the HEAD Fastify adds. */
  talliesOf(path: string): { readonly get: RouteTally; readonly head: RouteTally } {
    return { get: this.metrics.tallyOf('GET', path), head: this.metrics.tallyOf('HEAD', path) };
  }

  /** Every route of `fastify` gets the envelope as it is added: call before any route is registered. */
  surround(fastify: FastifyInstance): void {
    fastify.decorateRequest('deadline', null);
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const allowanceMs = route.config?.deadlineAllowanceMs ?? 0;
      const open: onRequestHookHandler = (request, reply, done) => {
        this.open(request, reply, allowanceMs);
        done();
      };
      const close = this.closer(this.metrics.tallyOf(methodOf(route), route.url));
      route.onRequest = [open, ...hooksOf(route.onRequest)];
      route.onResponse = [...hooksOf(route.onResponse), close];
    });
    // Route hooks do not run for a request no route matched; this one only counts and logs those.
    const unmatched = this.closer(this.metrics.unmatched);
    fastify.addHook('onResponse', (request, reply, done) => {
      if (request.is404) unmatched(request, reply, done);
      else done();
    });
  }

  private closer(tally: RouteTally): Closer {
    return (request, reply, done) => {
      this.close(request, reply, tally, reply.elapsedTime / 1000);
      done();
    };
  }
}
