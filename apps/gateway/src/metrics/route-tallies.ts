import { Counter, Histogram, type Registry } from 'prom-client';

type RouteLabel = 'method' | 'operation';

/**
 * One route's answers in plain numbers: recording one costs a bucket search and a few additions,
 * where prom-client's labelled inc and observe hash their labels on each call (a thirtieth of a
 * price request's cost). Read by prom-client when it is scraped.
 */
export class RouteTally {
  /** Answers by status not yet added to the requests counter. */
  readonly statuses = new Map<number, number>();
  /** Answers by duration bucket (the last one past every bound), since start. */
  readonly buckets: number[];
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Readonly<Record<RouteLabel, string>>,
    private readonly bounds: readonly number[],
  ) {
    this.buckets = new Array<number>(bounds.length + 1).fill(0);
  }

  record(status: number, seconds: number): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > (this.bounds[bucket] ?? Infinity)) bucket += 1;
    this.buckets[bucket] = (this.buckets[bucket] ?? 0) + 1;
    this.sum += seconds;
    this.count += 1;
  }
}

/**
 * The duration histogram exposed from the routes' tallies, in prom-client's own layout: the
 * registry reads getForPromString (and prom-client's get() reads it too) instead of observations.
 */
class TalliedHistogram extends Histogram<RouteLabel> {
  constructor(
    private readonly tallies: ReadonlyMap<string, RouteTally>,
    private readonly bounds: readonly number[],
    private readonly configuration: { name: string; help: string; registers: Registry[] },
  ) {
    super({ ...configuration, labelNames: ['method', 'operation'], buckets: [...bounds] });
  }

  getForPromString(): Promise<object> {
    const { name, help } = this.configuration;
    // Like prom-client's, a route appears once it has answered.
    const answered = [...this.tallies.values()].filter((tally) => tally.count > 0);
    const values = answered.flatMap((tally) => this.valuesOf(tally));
    return Promise.resolve({ name, help, type: 'histogram', values, aggregator: 'sum' });
  }

  private valuesOf(tally: RouteTally): object[] {
    const { name } = this.configuration;
    let cumulative = 0;
    const buckets = this.bounds.map((le, index) => {
      cumulative += tally.buckets[index] ?? 0;
      return { labels: { le, ...tally.labels }, value: cumulative, metricName: `${name}_bucket` };
    });
    return [
      ...buckets,
      { labels: { le: '+Inf', ...tally.labels }, value: tally.count, metricName: `${name}_bucket` },
      { labels: tally.labels, value: tally.sum, metricName: `${name}_sum` },
      { labels: tally.labels, value: tally.count, metricName: `${name}_count` },
    ];
  }
}

/** Requests by method, operation and status, and their durations, recorded per route. */
export class RouteTallies {
  /** One tally per method and operation, by `method operation`, in the order routes were added. */
  private readonly tallies = new Map<string, RouteTally>();
  readonly requests: Counter<RouteLabel | 'status'>;
  readonly durations: Histogram<RouteLabel>;

  constructor(
    registry: Registry,
    private readonly bounds: readonly number[],
  ) {
    const tallies = this.tallies;
    this.requests = new Counter<RouteLabel | 'status'>({
      name: 'pds_http_requests_total',
      help: 'HTTP requests answered, by method, operation (route pattern) and status',
      labelNames: ['method', 'operation', 'status'],
      registers: [registry],
      collect() {
        for (const tally of tallies.values()) {
          for (const [status, answers] of tally.statuses) this.inc({ ...tally.labels, status }, answers);
          tally.statuses.clear();
        }
      },
    });
    this.durations = new TalliedHistogram(tallies, bounds, {
      name: 'pds_http_request_duration_seconds',
      help: 'Time from request to response, by method and operation (route pattern)',
      registers: [registry],
    });
  }

  /**
   * The tally of a route, exposed from the next scrape on: one per method and operation, so that
   * two routers serving one operation (the price lane and Nest's) add up to one series.
   */
  forRoute(method: string, operation: string): RouteTally {
    const key = `${method} ${operation}`;
    let tally = this.tallies.get(key);
    if (!tally) {
      tally = new RouteTally({ method, operation }, this.bounds);
      this.tallies.set(key, tally);
    }
    return tally;
  }
}
