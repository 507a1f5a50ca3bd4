import autocannon from 'autocannon';

export interface LoadResult {
  readonly requestsPerSecond: number;
  /** Requests answered in all. */
  readonly requests: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
}

export interface LoadOptions {
  readonly url: string;
  readonly connections: number;
  readonly durationSeconds: number;
  /** Header sets used in turn, one per request (a pool of API keys). */
  readonly headerPool?: readonly Record<string, string>[];
}

/** Drives `url` with autocannon from this process and returns its throughput and latency. */
export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  const pool = options.headerPool ?? [{}];
  let next = 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    requests: [
      {
        setupRequest: (request) => {
          const headers = pool[next % pool.length] ?? {};
          next += 1;
          return { ...request, headers: { ...request.headers, ...headers } };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
