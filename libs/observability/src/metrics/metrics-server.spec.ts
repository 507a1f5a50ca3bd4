import { Counter, Registry } from 'prom-client';
import { type MetricsServer, startMetricsServer } from './metrics-server';
import type { Readiness } from './readiness';

describe('startMetricsServer', () => {
  let server: MetricsServer;
  let readiness: Readiness | Error;
  const registry = new Registry();
  const url = (path: string): string => `http://127.0.0.1:${server.port}${path}`;

  beforeAll(async () => {
    new Counter({ name: 'spec_things_total', help: 'things', registers: [registry] }).inc(3);
    server = await startMetricsServer({
      registry,
      host: '127.0.0.1',
      port: 0,
      readiness: () => (readiness instanceof Error ? Promise.reject(readiness) : Promise.resolve(readiness)),
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('should serve the registry in Prometheus text format on GET /metrics', async () => {
    const response = await fetch(url('/metrics'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(await response.text()).toContain('spec_things_total 3');
  });

  it('should answer 200 with the readiness when ready and 503 when not', async () => {
    readiness = { ready: true, role: 'leader' };
    const ready = await fetch(url('/ready'));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, role: 'leader' });

    readiness = { ready: false, reason: 'stale' };
    const notReady = await fetch(url('/ready'));
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ ready: false, reason: 'stale' });
  });

  it('should answer 503 naming the failure when the readiness check throws', async () => {
    readiness = new Error('redis gone');
    const response = await fetch(url('/ready'));
    expect(response.status).toBe(503);
    const reason = expect.stringContaining('redis gone') as unknown;
    expect(await response.json()).toEqual({ ready: false, reason });
  });

  it('should answer /health with 200 and other paths with 404', async () => {
    expect((await fetch(url('/health'))).status).toBe(200);
    expect((await fetch(url('/nothing'))).status).toBe(404);
  });
});
