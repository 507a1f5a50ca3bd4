import { Counter, Histogram, Registry } from 'prom-client';
import { RouteTallies } from './route-tallies';

const BOUNDS = [0.001, 0.01, 0.1];
const ANSWERS: readonly (readonly [string, number, number])[] = [
  ['/a', 200, 0.0004],
  ['/a', 200, 0.001],
  ['/a', 429, 0.05],
  ['/b', 200, 3],
];

/** The text prom-client itself exposes for the same answers, through its labelled inc and observe. */
async function exposedByPromClient(): Promise<string> {
  const registry = new Registry();
  const requests = new Counter({
    name: 'pds_http_requests_total',
    help: 'HTTP requests answered, by method, operation (route pattern) and status',
    labelNames: ['method', 'operation', 'status'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'pds_http_request_duration_seconds',
    help: 'Time from request to response, by method and operation (route pattern)',
    labelNames: ['method', 'operation'],
    buckets: BOUNDS,
    registers: [registry],
  });
  for (const [operation, status, seconds] of ANSWERS) {
    requests.labels('GET', operation, String(status)).inc();
    durations.labels('GET', operation).observe(seconds);
  }
  return registry.metrics();
}

describe('RouteTallies', () => {
  it('should expose the same text as prom-client’s own counter and histogram for the same answers', async () => {
    const registry = new Registry();
    const tallies = new RouteTallies(registry, BOUNDS);
    const routes = { '/a': tallies.forRoute('GET', '/a'), '/b': tallies.forRoute('GET', '/b') };
    tallies.forRoute('GET', '/never-answered');
    for (const [operation, status, seconds] of ANSWERS)
      routes[operation as '/a' | '/b'].record(status, seconds);
    expect(await registry.metrics()).toBe(await exposedByPromClient());
  });

  it('should add the answers since the last scrape to the counter, each once', async () => {
    const registry = new Registry();
    const tally = new RouteTallies(registry, BOUNDS).forRoute('GET', '/a');
    tally.record(200, 0.002);
    await registry.metrics();
    tally.record(200, 0.002);
    const text = await registry.metrics();
    expect(text).toContain('pds_http_requests_total{method="GET",operation="/a",status="200"} 2');
    expect(text).toContain('pds_http_request_duration_seconds_count{method="GET",operation="/a"} 2');
  });

  it('should give two routers of one operation the same tally, so that they add up to one series', async () => {
    const registry = new Registry();
    const tallies = new RouteTallies(registry, BOUNDS);
    tallies.forRoute('GET', '/a').record(200, 0.002);
    tallies.forRoute('GET', '/a').record(200, 0.003);
    tallies.forRoute('HEAD', '/a').record(200, 0.002);
    const text = await registry.metrics();
    expect(text).toContain('pds_http_requests_total{method="GET",operation="/a",status="200"} 2');
    expect(
      text.match(/pds_http_request_duration_seconds_count\{method="GET",operation="\/a"\}/g),
    ).toHaveLength(1);
    expect(text).toContain('pds_http_request_duration_seconds_count{method="HEAD",operation="/a"} 1');
  });
});
