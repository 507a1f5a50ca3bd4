import { Injectable } from '@nestjs/common';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import { Registry } from 'prom-client';
import { type RouteTally, RouteTallies } from './route-tallies';
import { hooksOf } from '../route-hooks';

type Recorder = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** The operation of a request that matched no route: its URL is never a label. */
const UNMATCHED = '(unmatched)';

/** From a cache hit (well under a millisecond) to a read-through that waits for the exchange. */
const DURATION_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function methodOf(route: RouteOptions): string {
  return Array.isArray(route.method) ? route.method.join(',') : String(route.method);
}

/**
 * Requests by operation and status, and their latency (pds_http_requests_total and
 * pds_http_request_duration_seconds). The operation is the route pattern, fixed when the route is
 * registered: each route gets its own response hook with its tally bound, so a request costs a few
 * additions, and no URL (which may carry an API key in its query) ever becomes a label.
 */
@Injectable()
export class HttpMetrics {
  private readonly tallies: RouteTallies;

  constructor(registry: Registry) {
    this.tallies = new RouteTallies(registry, DURATION_BUCKETS_S);
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

  /** The tally of a route that records its answers itself, without a response hook (the price lane). */
  tallyOf(method: string, operation: string): RouteTally {
    return this.tallies.forRoute(method, operation);
  }

  private recorder(method: string, operation: string): Recorder {
    const tally = this.tallies.forRoute(method, operation);
    return (_request, reply, done) => {
      tally.record(reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
  }
}
