import autocannon from 'autocannon';

export interface LoadResult {
  readonly requestsPerSecond: number;
  /** Requests answered in all. */
  readonly requests: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
  /**
   * The load generator's own CPU time (user + system) per answer, in µs. It shares the cores with the
   * servers: when it is the busiest process, a ratio between two servers measures it too.
   */
  readonly loadCpuUsPerAnswer: number;
}

export interface LoadOptions {
  readonly url: string;
  readonly connections: number;
  readonly durationSeconds: number;
  /** A pool of API keys' header sets: each connection sends its own share in turn (keysOfConnection). */
  readonly headerPool?: readonly Record<string, string>[];
}

type Result = autocannon.Result;
// Public in autocannon (its README) but missing from @types/autocannon.
const { aggregateResult } = autocannon as unknown as {
  aggregateResult: (results: Result[], options: object) => Result;
};

/**
 * The keys connection `index` of `connections` sends in turn: its own share of the pool, as a client
 * uses its own key (connections share keys only when the pool is smaller). Every connection walking
 * the whole pool in one order bunched them behind whichever key was renewing its allotment of the
 * window: a convoy no client makes (the counter alone, driven like a saturated server: 0.75 of its
 * hits allotted with the walk, 0.99 with a share each).
 */
export function keysOfConnection<T>(pool: readonly T[], index: number, connections: number): T[] {
  const own = pool.filter((_, key) => key % connections === index % connections);
  return own.length > 0 ? own : [pool[index % pool.length] as T];
}

/**
 * Drives `url` with autocannon from this process and returns its throughput and latency. Each
 * connection is an instance of its own whose requests (keysOfConnection) are built once. (One
 * instance with a `setupRequest` rebuilt every request in the generator, which shares the cores with
 * the servers; one instance with static requests sends every connection's same key at once.)
 */
export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  const pool = options.headerPool ?? [{}];
  const cpuBefore = process.cpuUsage();
  const results = await Promise.all(
    Array.from({ length: options.connections }, (_, connection) =>
      autocannon({
        url: options.url,
        connections: 1,
        duration: options.durationSeconds,
        requests: keysOfConnection(pool, connection, options.connections).map((headers) => ({ headers })),
        skipAggregateResult: true,
      }),
    ),
  );
  const cpu = process.cpuUsage(cpuBefore);
  const result = aggregateResult(results, { url: options.url, connections: options.connections });
  const answered = result.requests.total;
  return {
    requestsPerSecond: answered / options.durationSeconds,
    requests: answered,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    loadCpuUsPerAnswer: (cpu.user + cpu.system) / Math.max(1, answered),
  };
}
