import { Injectable } from '@nestjs/common';
import { Registry } from 'prom-client';
import { type RouteTally, RouteTallies } from './route-tallies';

/** The operation of a request that matched no route: its URL is never a label. */
const UNMATCHED = '(unmatched)';

/** From a cache hit (well under a millisecond) to a read-through that waits for the exchange. */
const DURATION_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Requests by operation and status, and their latency (pds_http_requests_total and
 * pds_http_request_duration_seconds). The operation is the route pattern, fixed when the route is
 * registered: each route records into its own tally, bound once (bootstrap/request-envelope.ts), so
 * a request costs a few additions, and no URL (which may carry an API key in its query) ever
 * becomes a label.
 */
@Injectable()
export class HttpMetrics {
  private readonly tallies: RouteTallies;
  /** The tally of the requests no route matched. */
  readonly unmatched: RouteTally;

  constructor(registry: Registry) {
    this.tallies = new RouteTallies(registry, DURATION_BUCKETS_S);
    this.unmatched = this.tallies.forRoute('*', UNMATCHED);
  }

  /** The tally of a route, by method and route pattern. */
  tallyOf(method: string, operation: string): RouteTally {
    return this.tallies.forRoute(method, operation);
  }
}
