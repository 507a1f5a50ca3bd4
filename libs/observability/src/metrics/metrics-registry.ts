import { collectDefaultMetrics, Registry } from 'prom-client';

/** One registry per process, with Node's process metrics (CPU, memory, event-loop lag, GC). */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  // The lag monitor samples every 50 ms, not prom-client's 10: a timer 100 times a second cost an idle
  // process half a percent of a core; the lag of each sample is measured as exactly either way.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 50 });
  return registry;
}
