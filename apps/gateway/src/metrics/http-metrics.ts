import { Injectable } from '@nestjs/common';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import { Counter, Histogram, Registry } from 'prom-client';
import { hooksOf } from '../route-hooks';

type Labels = 'method' | 'operation' | 'status';
type Recorder = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** The operation of a request that matched no route: its URL is never a label. */
const UNMATCHED = '(unmatched)';

/** From a cache hit (well under a millisecond) to a read-through that waits for the exchange. */
const DURATION_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function methodOf(route: RouteOptions): string {
  return Array.isArray(route.method) ? route.method.join(',') : String(route.method);
}

/**
 * Requests by operation and status, and their latency. The operation is the route pattern, fixed
 * when the route is registered: each route gets its own response hook with its labelled series
 * bound, so a request costs a map lookup and two increments, and no URL (which may carry an API
 * key in its query) ever becomes a label.
 */
@Injectable()
export class HttpMetrics {
  private readonly requests: Counter<Labels>;
  private readonly duration: Histogram<Exclude<Labels, 'status'>>;

  constructor(registry: Registry) {
    this.requests = new Counter({
      name: 'pds_http_requests_total',
      help: 'HTTP requests answered, by method, operation (route pattern) and status',
      labelNames: ['method', 'operation', 'status'],
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'pds_http_request_duration_seconds',
      help: 'Time from request to response, by method and operation (route pattern)',
      labelNames: ['method', 'operation'],
      buckets: DURATION_BUCKETS_S,
      registers: [registry],
    });
  }

  /** Must run before the routes are registered (before the app's init or listen). */
  instrument(fastify: FastifyInstance): void {
    fastify.addHook('onRoute', (route) => {
      route.onResponse = [...hooksOf(route.onResponse), this.recorder(methodOf(route), route.url)];
    });
    // Route hooks do not run for a request no route matched; this one only counts those.
    const unmatched = this.recorder('*', UNMATCHED);
    fastify.addHook('onResponse', (request, reply, done) => {
      if (request.is404) unmatched(request, reply, done);
      else done();
    });
  }

  private recorder(method: string, operation: string): Recorder {
    const duration = this.duration.labels(method, operation);
    const byStatus = new Map<number, Counter.Internal>();
    return (_request, reply, done) => {
      let counter = byStatus.get(reply.statusCode);
      if (!counter) {
        counter = this.requests.labels(method, operation, String(reply.statusCode));
        byStatus.set(reply.statusCode, counter);
      }
      counter.inc();
      duration.observe(reply.elapsedTime / 1000);
      done();
    };
  }
}
