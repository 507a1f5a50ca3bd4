import { Gauge, type Registry } from 'prom-client';
import type { Readiness } from './readiness';

/**
 * `pds_ready`: the app's own readiness check, run at each scrape (1 ready, 0 not, also when the
 * check throws), so Prometheus sees what the load balancer or orchestrator sees on `/ready`.
 */
export function readinessGauge(registry: Registry, check: () => Promise<Readiness>): Gauge {
  return new Gauge({
    name: 'pds_ready',
    help: "1 while this replica's readiness check passes (what GET /ready answers 200 for), else 0",
    registers: [registry],
    async collect() {
      const readiness = await check().catch((): Readiness => ({ ready: false }));
      this.set(readiness.ready ? 1 : 0);
    },
  });
}
